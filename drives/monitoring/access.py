"""Who may read the health and metrics endpoints: they name the site's services and its
load, which are nobody else's business, and each health check costs a write to storage.

Either the request carries ``Authorization: Bearer <MONITORING_TOKEN>`` (Prometheus'
``authorization`` setting, HAProxy's ``http-check send hdr``), or the client's address
(``drives.limits.client_address``, so a visitor behind the balancer is the visitor, not the
balancer) is in ``MONITORING_ADDRESSES``. Anyone else gets a 404, as for a page that does
not exist.
"""

import hmac
import ipaddress

from django.conf import settings

from drives.limits import client_address


def allowed(authorization: str, address: str | None) -> bool:
    token = settings.MONITORING_TOKEN
    if token and hmac.compare_digest(authorization.encode(), f"Bearer {token}".encode()):
        return True
    if address is None:
        return False
    try:
        client = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(client in ipaddress.ip_network(net) for net in settings.MONITORING_ADDRESSES)


def request_allowed(request) -> bool:
    return allowed(request.headers.get("Authorization", ""), client_address(request))
