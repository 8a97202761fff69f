// Teaches ThreadSanitizer about Synchronization.Mutex on Linux; `Scripts/test --sanitize thread`
// builds this into a library and preloads it.
//
// A Mutex locks with an atomic compare-and-swap inlined into the caller (which TSan sees) and,
// when contended, with `_MutexHandle._lockSlow`, a futex loop in libswiftSynchronization.so
// (which TSan does not see). A lock taken on the slow path therefore looks unsynchronised, and
// TSan reports every access made under it as a race. These wrappers replace the three slow-path
// entry points (Swift calling convention: the handle comes in the self register), call the
// originals, and tell TSan about the acquire and release, as the Swift runtime does for its own
// locks. Without TSan in the process the annotations are skipped.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef SWIFTCALL void (*LockSlow)(uint32_t state, void *handle SELF);
typedef SWIFTCALL bool (*TryLockSlow)(void *handle SELF);
typedef SWIFTCALL void (*UnlockSlow)(void *handle SELF);

SWIFTCALL void lock_slow(uint32_t state, void *handle SELF) __asm__(LOCK_SLOW);
SWIFTCALL bool try_lock_slow(void *handle SELF) __asm__(TRY_LOCK_SLOW);
SWIFTCALL void unlock_slow(void *handle SELF) __asm__(UNLOCK_SLOW);

static LockSlow original_lock_slow;
static TryLockSlow original_try_lock_slow;
static UnlockSlow original_unlock_slow;

__attribute__((constructor)) static void find_originals(void) {
    original_lock_slow = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
    original_try_lock_slow = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    original_unlock_slow = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
}

SWIFTCALL void lock_slow(uint32_t state, void *handle SELF) {
    original_lock_slow(state, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

SWIFTCALL bool try_lock_slow(void *handle SELF) {
    bool locked = original_try_lock_slow(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

SWIFTCALL void unlock_slow(void *handle SELF) {
    if (__tsan_release) __tsan_release(handle);
    original_unlock_slow(handle);
}
