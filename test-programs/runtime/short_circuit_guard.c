#include "wend_twin.h"
int main(void) {
    int32_t d = 0, n = 0;
    bool ok = false;
    n = 100;
    while (d < 3) {
        if (d != 0 && wdiv(n, d, 8) > 40) {
            PSTR("big quotient for d = ");
            pintln(d);
        }
        if (d == 0 || wmod(n, d, 12) == 0) {
            PSTR("d = ");
            pint(d);
            PSTRLN(" is zero or divides n");
        }
        ok = !(d == 0) && wdiv(n, d, 17) < 100;
        pboolln(ok);
        d = wadd(d, 1);
    }
    d = 0;
    pboolln(false && wdiv(1, d, 22) == 0);
    pboolln(true || wmod(1, d, 23) == 0);
    return 0;
}
