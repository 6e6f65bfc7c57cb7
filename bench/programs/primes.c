/* C twin of primes.wend (same output). */
#include "wend_twin.h"

static bool isPrime(int32_t n) {
    int32_t d;
    if (n < 2) return false;
    if (wmod(n, 2, 0) == 0) return n == 2;
    d = 3;
    while (d * d <= n) {
        if (wmod(n, d, 0) == 0) return false;
        d = d + 2;
    }
    return true;
}

static int32_t collatz(int32_t n) {
    int32_t steps = 0;
    while (n != 1) {
        if (wmod(n, 2, 0) == 0) n = wdiv(n, 2, 0);
        else n = 3 * n + 1;
        steps = steps + 1;
    }
    return steps;
}

int main(void) {
    int32_t n, primes = 0, twins = 0, last = 0, longest = 0, longestStart = 0, steps;
    for (n = 2; n < 4000000; n++) {
        if (isPrime(n)) {
            primes++;
            if (n - last == 2) twins++;
            last = n;
        }
    }
    PSTR("primes ");
    pint(primes);
    PSTR(" twins ");
    pint(twins);
    PSTR(" largest ");
    pintln(last);
    for (n = 1; n < 100000; n++) {
        steps = collatz(n);
        if (steps > longest) {
            longest = steps;
            longestStart = n;
        }
    }
    PSTR("collatz ");
    pint(longestStart);
    PSTR(" ");
    pintln(longest);
    return 0;
}
