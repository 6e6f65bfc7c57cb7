/* C twin of nqueens.wend (same output). */
#include "wend_twin.h"
static int32_t n;

static int32_t solve(int32_t row, int32_t cols, int32_t d1, int32_t d2) {
    int32_t col = 0, bit = 1, count = 0;
    if (row == n) return 1;
    while (col < n) {
        if (wmod(wdiv(cols, bit, 0), 2, 0) == 0 && wmod(wdiv(d1, bit, 0), 2, 0) == 0 &&
            wmod(wdiv(d2, bit, 0), 2, 0) == 0)
            count = count + solve(row + 1, cols + bit, (d1 + bit) * 2, wdiv(d2 + bit, 2, 0));
        col = col + 1;
        bit = bit * 2;
    }
    return count;
}

int main(void) {
    int32_t size;
    for (size = 4; size <= 13; size++) {
        n = size;
        pint(n);
        PSTR(" queens: ");
        pintln(solve(0, 0, 0, 0));
    }
    return 0;
}
