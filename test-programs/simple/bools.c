#include "wend_twin.h"
static bool xor_(bool p, bool q) { return p != q; }
static bool implies(bool p, bool q) { return !p || q; }
static bool iff(bool p, bool q) { return p == q; }
static bool majority(bool p, bool q, bool r) { return (p && q) || (p && r) || (q && r); }
static bool fromInt(int32_t i) { return i != 0; }
int main(void) {
    bool a = false, b = false;
    int32_t row = 0;
    while (row < 4) {
        a = fromInt(wdiv(row, 2, 0));
        b = fromInt(wmod(row, 2, 0));
        pbool(a);
        PSTR(" ");
        pbool(b);
        PSTR(" | xor=");
        pbool(xor_(a, b));
        PSTR(" implies=");
        pbool(implies(a, b));
        PSTR(" iff=");
        pbool(iff(a, b));
        PSTR(" maj(a,b,true)=");
        pboolln(majority(a, b, true));
        row = wadd(row, 1);
    }
    a = true;
    b = a == false;
    pboolln(b);
    b = !((a == b) == true);
    pboolln(b);
    return 0;
}
