#include "wend_twin.h"
static int32_t slow(int32_t n) {
    int32_t s = 0;
    for (int32_t i = 0; i < n; i++) {
        for (int32_t j = 0; j < n; j++) {
            s = wadd(s, wmul(i, j));
            for (int32_t a = 1; a <= 23; a += 2) {
                s = wadd(s, wmul(wadd(i, a), wsub(j, a + 1)));
            }
        }
    }
    return s;
}
static int32_t zero(void) {
    int32_t c = 0;
    for (int32_t i = 0; i < 300000; i++) {
        c = wadd(c, 1);
    }
    return wsub(c, 300000);
}
int main(void) {
    int32_t m = 2000000000, k = 0, r;
    int32_t z1 = zero();
    r = wadd(z1, zero());
    while (k < r) {
        r = wadd(r, slow(m));
        k = wadd(k, 1);
    }
    printf("%d\n", r);
    printf("%d\n", slow(3));
    printf("%d\n", slow(wadd(r, 4)));
    printf("%d\n", slow(wadd(r, 5)));
    return 0;
}
