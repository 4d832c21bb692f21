from allauth.account import views as allauth_views
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from config.text_size import text_size
from drives.monitoring.health import Health
from drives.monitoring.metrics import metrics
from drives.tableside.views.offline import hall_certificate, service_worker


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links to."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon),
    # At the root, so that the service worker's scope covers every page in every language.
    path("sw.js", service_worker, name="service_worker"),
    # A hall laptop's certificate authority, one address whatever the language.
    path("hall/whist-drive-hall.crt", hall_certificate, name="hall_certificate"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("text-size/", text_size, name="text_size"),
    # For the load balancer and Prometheus, without a language: drives.monitoring.
    path("health/", Health.as_view(), name="health"),
    path("metrics", metrics, name="metrics"),
]
# /fr/… and /hu/… carry the language in the address, so a shared link opens in the
# sender's language; the English addresses stay as they were, without a prefix.
urlpatterns += i18n_patterns(
    # django-allauth's log-in and log-out under the names the site has always used.
    path("accounts/login/", allauth_views.login, name="login"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    # Django's own address for it, which people try by hand.
    path(
        "accounts/password_reset/",
        RedirectView.as_view(pattern_name="account_reset_password", permanent=True),
    ),
    path("accounts/", include("drives.accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("drives.urls")),
    prefix_default_language=False,
)

handler400 = "config.bad_request.bad_request"
handler500 = "config.server_error.server_error"
