// The C library's controls that the Glibc module does not export: the allocator's (mallopt),
// and a thread's timer slack, which `prctl` sets but Swift cannot call, as it is variadic.
#include <malloc.h>
#include <sys/prctl.h>

/// Sets how much later than asked the calling thread's sleeps may end, in nanoseconds.
static inline int trellis_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}
