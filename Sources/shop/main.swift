import Glibc
import ShopKit

Interrupts.observe()
signal(SIGPIPE, SIG_IGN)
exit(await Shop.main(arguments: Array(CommandLine.arguments.dropFirst())))
