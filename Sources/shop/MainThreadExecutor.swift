import Glibc

/// Runs the session's tasks on the main thread, which would otherwise only wait.
///
/// `main` starts the program's task with this executor as its preference and then gives the
/// thread to ``run()``. A short run of `shop` then needs no thread of Swift's cooperative
/// pool: starting one, and waiting for the scheduler to run it on a busy machine, was most of
/// the difference between `shop -c exit` and a Swift hello world. Child tasks inherit the
/// preference; work that should run on several cores at once (a task group that scans a
/// catalog or runs transcripts) asks for the global executor, ``globalConcurrentExecutor``.
final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The one instance, whose ``run()`` the main thread calls.
    static let shared = MainThreadExecutor()

    // `@unchecked Sendable`: `jobs` is only touched with `lock` held.
    private var lock = pthread_mutex_t()
    private var jobsArrived = pthread_cond_t()
    private var jobs: [UnownedJob] = []

    private init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&jobsArrived, nil)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(&lock)
        jobs.append(job)
        pthread_cond_signal(&jobsArrived)
        pthread_mutex_unlock(&lock)
    }

    /// Runs the jobs as they come, in order, on the calling thread; never returns (the program
    /// ends with `exit`).
    func run() -> Never {
        var ready: [UnownedJob] = []
        while true {
            pthread_mutex_lock(&lock)
            while jobs.isEmpty { pthread_cond_wait(&jobsArrived, &lock) }
            swap(&ready, &jobs)
            pthread_mutex_unlock(&lock)
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
            ready.removeAll(keepingCapacity: true)
        }
    }
}
