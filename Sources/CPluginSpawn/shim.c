#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <sys/pidfd.h>
#include <unistd.h>

#include "CPluginSpawn.h"

int shop_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int shop_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int shop_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int shop_pidfd_open(pid_t pid) { return pidfd_open(pid, 0); }
