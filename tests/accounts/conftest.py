"""The accounts tests' person: mohawk, a player with an e-mail address."""

import pytest

from tests.factories import UserFactory


@pytest.fixture
def mohawk(db):
    return UserFactory(username="mohawk", email="mohawk@club.example")
