// Included in place of a source's `#include <cassert>` (or <assert.h>) that comes before its kernel_operator.h (opkit
// cc's rewrite): the C header as asked, then `assert` as kernel_operator.h defines it (opkit/sim/dump.h), which on
// CANN wins because kernel_operator.h comes later. opkit cc puts the simulator first, where the C one would win.
// No include guard: each inclusion restores the kernel's assert, as <cassert> restores the C one.
#include <cassert>

#undef assert
#if defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0
#define assert(...) ((void)0)
#else
#define assert(...) ascendc_assert(__VA_ARGS__)
#endif
