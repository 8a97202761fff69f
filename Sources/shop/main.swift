import Glibc
import HTTPTransport
import ShopPluginAPI

// No signal blocked (a parent may have blocked some: shop started from a thread of a Swift
// program), before any thread starts and inherits the mask.
var noSignals = sigset_t()
sigemptyset(&noSignals)
pthread_sigmask(SIG_SETMASK, &noSignals, nil)
Interrupts.observe()
signal(SIGPIPE, SIG_IGN)
// The program's task runs on this thread. With an `await` here instead, the main thread would
// be dispatch's (`dispatch_main`), which leaves it through `pthread_exit`, and unwinding it
// loads libgcc_s: a tenth of `shop -c exit`.
// Its HTTP requests run on it too, with no hand-off to libcurl's loop thread and back: it has
// nothing else to do while its task waits for one.
CurlTransport.runRequestsOnThisThread()
Task(executorPreference: MainThreadExecutor.shared) {
    ProcessEnd.exit(await Shop.main(arguments: Array(CommandLine.arguments.dropFirst())))
}
MainThreadExecutor.shared.run()
