import Glibc
import ShopKit

Interrupts.observe()
signal(SIGPIPE, SIG_IGN)
// The session runs on the global executor while this thread waits for signals, with none
// blocked (a parent may have blocked some: shop started from a thread of a Swift program).
// With an `await` here the main thread would be dispatch's (`dispatch_main`), which leaves it
// through `pthread_exit`, and unwinding it loads libgcc_s: a tenth of `shop -c exit`.
Task.detached {
    exit(await Shop.main(arguments: Array(CommandLine.arguments.dropFirst())))
}
var noSignals = sigset_t()
sigemptyset(&noSignals)
while true { sigsuspend(&noSignals) }
