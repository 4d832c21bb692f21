from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path

from config.text_size import text_size


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links to."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("text-size/", text_size, name="text_size"),
]
# /fr/… and /hu/… carry the language in the address, so a shared link opens in the
# sender's language; the English addresses stay as they were, without a prefix.
urlpatterns += i18n_patterns(
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("drives.urls")),
    prefix_default_language=False,
)

handler400 = "config.bad_request.bad_request"
