#include "wend_twin.h"
int main(void) {
    bool t = false, f = false;
    t = true;
    pboolln(t);
    pboolln(f);
    pboolln(t && t);
    pboolln(t && f);
    pboolln(f && t);
    pboolln(f && f);
    pboolln(t || t);
    pboolln(t || f);
    pboolln(f || t);
    pboolln(f || f);
    pboolln(!t);
    pboolln(!f);
    pboolln(!(t && f));
    pboolln(!(t || f));
    pboolln((!t) || f);
    pboolln((!f) && t);
    pboolln((t && f) || t);
    pboolln(t || (f && f));
    pboolln((f && f) || (t && t));
    pboolln(f || f || f || t);
    pboolln(t && t && t && f);
    pboolln(!(!t));
    pboolln(!(!(!t)));
    return 0;
}
