#ifndef SHOP_CPLUGINSPAWN_H
#define SHOP_CPLUGINSPAWN_H

// The process calls Swift's Glibc module does not import (they need _GNU_SOURCE, or a header
// of their own).
// Each function wraps exactly one call and contains no logic of its own.

#include <spawn.h>

/// `pipe2(fds, O_CLOEXEC)`: a pipe whose ends no spawned process inherits.
int shop_pipe_cloexec(int fds[2]);

/// `posix_spawn_file_actions_addchdir_np`: the child starts in `path`.
int shop_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// `posix_spawn_file_actions_addclosefrom_np`: the child gets no descriptor from `lowest` up
/// but those the other actions give it.
int shop_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int lowest);

/// `pidfd_open(pid, 0)`: a descriptor that becomes readable when process `pid` exits (and is
/// not reaped), so its exit can be polled beside its pipes; -1 with `errno` where the kernel
/// has none (before Linux 5.3).
int shop_pidfd_open(pid_t pid);

#endif
