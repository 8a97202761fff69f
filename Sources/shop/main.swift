import Glibc
import ShopKit

signal(SIGPIPE, SIG_IGN)
exit(await Shop.main(arguments: Array(CommandLine.arguments.dropFirst())))
