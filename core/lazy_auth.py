"""An API view that signs its caller in only when it asks who they are (issue 35).

DRF authenticates every request before its handler runs (`APIView.initial` calls
`perform_authentication`, which reads `request.user`), and its documentation gives the way to
make that lazy: override `perform_authentication` to do nothing, and the first use of
`request.user` or `request.auth` authenticates. A seat's view answered from the cache
(chase.view_cache) never asks: its credential is the seat's token in the URL. Signing in a
session's account there was 216 of the 1,198 Python calls the answer made.

What an answer says does not change with it:
- A request with an `Authorization` header is authenticated at once, as before, so a wrong
  token is a 401 whatever the handler would have read.
- A session's cookie never makes authentication fail (DRF's SessionAuthentication gives no
  user or the user), and its CSRF check applies to writes only: these views are reads.
- Permissions and throttles that read the user still do, in `initial`, before the handler.
"""

from __future__ import annotations

from rest_framework.views import APIView

READS = frozenset({"GET", "HEAD", "OPTIONS"})


class LazyAuthenticationAPIView(APIView):
    """For reads whose answer may not depend on the caller's account: authenticated on the
    first use of `request.user`, or at once when the request carries an `Authorization`
    header or is not a read (a write's session CSRF check is part of authenticating; a write
    sent here is then refused as before, 405 for a method the view has not)."""

    def perform_authentication(self, request):
        if request.method not in READS or "HTTP_AUTHORIZATION" in request.META:
            super().perform_authentication(request)
