"""The larger-text switch in every page's header.

The choice lives in a cookie, read by base.html as the page is made, so the next page opens
large at once (a script could only enlarge it after drawing it small). site.js switches
the page in place without a reload, so a phone keeps what was typed; without scripts the
form posts here and comes back to the same page.
"""

from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

COOKIE = "text_size"
YEAR = 365 * 24 * 60 * 60


@require_POST
def text_size(request):
    back = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    size = "large" if request.POST.get("size") == "large" else "normal"
    response.set_cookie(COOKIE, size, max_age=YEAR, samesite="Lax")
    return response
