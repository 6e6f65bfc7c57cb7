#include "wend_twin.h"
/* main's variables: main has a single activation, so the nested functions'
 * captured variables are plain statics here */
static int32_t total, count, odds, limit, bcount, calls, tlimit, tcount;

static int32_t sumTo(int32_t n, int32_t step) {
    PSTR("[sumTo n=");
    pint(n);
    PSTR(" step=");
    pint(step);
    PSTR(" from total=");
    pint(total);
    PSTR(" odds=");
    pint(odds);
    PSTRLN("]");
    count = 0;
    limit = n;
    while (count < limit) {
        total = wadd(total, wmul(count, step));
        if (wmod(count, 2, 38) == 1) {
            odds = wadd(odds, 1);
        }
        if (total > 100000) {
            return -1;
        }
        count = wadd(count, 1);
    }
    return total;
}

static void bump(int32_t times) {
    PSTR("[bump times=");
    pint(times);
    PSTR(" bcount=");
    pint(bcount);
    PSTR(" calls=");
    pint(calls);
    PSTRLN("]");
    calls = wadd(calls, times);
    bcount = wadd(bcount, 1);
}

static int32_t bumpTo(int32_t n) {
    bcount = 0;
    while (bcount < n) {
        bump(1);
        calls = wadd(calls, bcount);
    }
    return bcount;
}

static int32_t triangle(int32_t rows) {
    int32_t sum = 0;
    PSTR("[triangle rows=");
    pint(rows);
    PSTR(" from tcount=");
    pint(tcount);
    PSTR(" tlimit=");
    pint(tlimit);
    PSTRLN("]");
    tlimit = 0;
    while (tlimit < rows) {
        tcount = 0;
        while (tcount <= tlimit) {
            sum = wadd(sum, tcount);
            tcount = wadd(tcount, 1);
        }
        tlimit = wadd(tlimit, 1);
    }
    return sum;
}

int main(void) {
    PSTR("sumTo(10, 1) = ");
    pintln(sumTo(10, 1));
    PSTR("total ");
    pint(total);
    PSTR(" count ");
    pint(count);
    PSTR(" odds ");
    pint(odds);
    PSTR(" limit ");
    pintln(limit);

    PSTR("sumTo(0, 5) = ");
    pintln(sumTo(0, 5));
    PSTR("count ");
    pint(count);
    PSTR(" limit ");
    pintln(limit);

    total = 0;
    PSTR("sumTo(1000, 3) = ");
    pintln(sumTo(1000, 3));
    PSTR("total ");
    pint(total);
    PSTR(" count ");
    pint(count);
    PSTR(" odds ");
    pintln(odds);

    PSTR("bumpTo(7) = ");
    pintln(bumpTo(7));
    PSTR("bcount ");
    pint(bcount);
    PSTR(" calls ");
    pintln(calls);
    PSTR("bumpTo(0) = ");
    pintln(bumpTo(0));

    PSTR("triangle(5) = ");
    pintln(triangle(5));
    PSTR("tcount ");
    pint(tcount);
    PSTR(" tlimit ");
    pintln(tlimit);
    PSTR("triangle(0) = ");
    pintln(triangle(0));
    PSTR("tcount ");
    pint(tcount);
    PSTR(" tlimit ");
    pintln(tlimit);
    return 0;
}
