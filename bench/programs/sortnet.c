/* C twin of sortnet.wend (same output). */
#include "wend_twin.h"
static int32_t seed;

static int32_t random_value(void) {
    seed = wadd(wmul(seed, 1664525), 1013904223);
    return wdiv(seed, 65536, 0);
}

int main(void) {
    int32_t a0, a1, a2, a3, a4, a5, a6, a7, t, round = 0, unsorted = 0, checksum = 0, spread = 0;
    seed = 7;
    while (round < 10000000) {
        a0 = random_value();
        a1 = random_value();
        a2 = random_value();
        a3 = random_value();
        a4 = random_value();
        a5 = random_value();
        a6 = random_value();
        a7 = random_value();
        if (a0 > a2) { t = a0; a0 = a2; a2 = t; }
        if (a1 > a3) { t = a1; a1 = a3; a3 = t; }
        if (a4 > a6) { t = a4; a4 = a6; a6 = t; }
        if (a5 > a7) { t = a5; a5 = a7; a7 = t; }
        if (a0 > a4) { t = a0; a0 = a4; a4 = t; }
        if (a1 > a5) { t = a1; a1 = a5; a5 = t; }
        if (a2 > a6) { t = a2; a2 = a6; a6 = t; }
        if (a3 > a7) { t = a3; a3 = a7; a7 = t; }
        if (a0 > a1) { t = a0; a0 = a1; a1 = t; }
        if (a2 > a3) { t = a2; a2 = a3; a3 = t; }
        if (a4 > a5) { t = a4; a4 = a5; a5 = t; }
        if (a6 > a7) { t = a6; a6 = a7; a7 = t; }
        if (a2 > a4) { t = a2; a2 = a4; a4 = t; }
        if (a3 > a5) { t = a3; a3 = a5; a5 = t; }
        if (a1 > a4) { t = a1; a1 = a4; a4 = t; }
        if (a3 > a6) { t = a3; a3 = a6; a6 = t; }
        if (a1 > a2) { t = a1; a1 = a2; a2 = t; }
        if (a3 > a4) { t = a3; a3 = a4; a4 = t; }
        if (a5 > a6) { t = a5; a5 = a6; a6 = t; }
        if (a0 > a1 || a1 > a2 || a2 > a3 || a3 > a4 || a4 > a5 || a5 > a6 || a6 > a7) unsorted++;
        checksum = wsub(wadd(wadd(wmul(checksum, 31), a0), wmul(3, a3)), a7);
        spread = wadd(spread, wdiv(wsub(a7, a0), 1024, 0));
        round++;
    }
    PSTR("unsorted ");
    pint(unsorted);
    PSTR(" checksum ");
    pint(checksum);
    PSTR(" spread ");
    pintln(spread);
    return 0;
}
