"""Django's 400, except for a form too large to read: back to its page, with a message.

Django refuses a request whose form data passes DATA_UPLOAD_MAX_MEMORY_SIZE (a giant
paste into the player import, say) or DATA_UPLOAD_MAX_NUMBER_FIELDS before any view sees
it, with a bare "Bad Request". Nothing was read, so nothing changed: the visitor is sent
back to the page they posted from, which shows why in their language.
"""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpResponseRedirect
from django.template.defaultfilters import filesizeformat
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import defaults


def bad_request(request, exception):
    too_big = isinstance(exception, RequestDataTooBig)
    if not (too_big or isinstance(exception, TooManyFieldsSent)):
        return defaults.bad_request(request, exception)
    if request.method != "POST" or not hasattr(request, "_messages"):
        return defaults.bad_request(request, exception)
    if too_big:
        message = _(
            "What you sent is too large to read (more than %(size)s), so nothing was "
            "changed. Send less at a time: a list of players, for instance, in parts."
        ) % {"size": filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)}
    else:
        message = _(
            "What you sent has too many boxes to read (more than %(fields)s), so nothing "
            "was changed. Send less at a time."
        ) % {"fields": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}
    messages.error(request, message)
    page = request.get_full_path()
    if not url_has_allowed_host_and_scheme(page, allowed_hosts=None):
        page = "/"
    return HttpResponseRedirect(page)
