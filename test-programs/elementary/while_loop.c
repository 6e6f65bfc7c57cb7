#include "wend_twin.h"
int main(void) {
    int32_t i = 0, j = 0, sum = 0;
    while (i < 5) {
        pint(i);
        i = wadd(i, 1);
    }
    PSTRLN("");
    while (false) PSTRLN("never");
    i = 10;
    while (i > 0) {
        sum = wadd(sum, i);
        i = wsub(i, 3);
    }
    pintln(sum);
    i = 1;
    while (i <= 4) {
        j = 1;
        while (j <= 4) {
            pint(wmul(i, j));
            PSTR(" ");
            j = wadd(j, 1);
        }
        PSTRLN("");
        i = wadd(i, 1);
    }
    i = 0;
    while (i < 100 && wmul(i, i) < 50) i = wadd(i, 1);
    pintln(i);
    return 0;
}
