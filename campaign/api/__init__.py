"""The campaign REST API (Django REST framework): `serializers` parse and shape, `views` call
one service each. URLs are in campaign.api_urls; the error bodies in campaign.api_errors."""
