#include "wend_twin.h"
static int32_t total_f(void) { return 42; }
static bool even_f(int32_t n) { return wmod(n, 2, 0) == 0; }
static int32_t sq(int32_t sq_) { return wmul(sq_, sq_); }
static int32_t half(int32_t *twice_) { return wdiv(*twice_, 2, 0); }
static int32_t twice(int32_t twice_) {
    int32_t s = wadd(twice_, twice_);
    int32_t h1 = half(&twice_);
    s = wadd(s, h1);
    int32_t h2 = half(&twice_);
    return wsub(s, h2);
}
int main(void) {
    int32_t total = 0;
    bool even = false;
    total = wadd(total_f(), 1);
    pintln(total);
    even = even_f(total);
    pboolln(even);
    pboolln(even_f(wadd(total, 1)));
    pintln(sq(9));
    pintln(twice(21));
    return 0;
}
