import cProfile, pstats, io, os, statistics, time
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

@pytest.mark.django_db(transaction=False)
def test_prof():
    from campaign import services
    from campaign.demo import LINE_UPS
    factions = list(LINE_UPS)
    users = [get_user_model().objects.create_user(f"u{i}") for i in range(13)]
    campaign = services.campaign_create(organiser=users[0], name="Club", is_public=False)
    bands = []
    for i, user in enumerate(users[1:], 1):
        services.campaign_join(campaign=campaign, user=user, invite_code=campaign.invite_code)
        faction = factions[i % len(factions)]
        name, figures = LINE_UPS[faction]
        bands.append(services.warband_create_founded(campaign=campaign, owner=user, name=f"{name} {i}", faction=faction, figures=figures).id)
    c = Client(); c.force_login(users[1])
    pages = {"roster": f"/warbands/{bands[0]}/", "campaign": f"/campaigns/{campaign.id}/", "league": f"/campaigns/{campaign.id}/league/", "home": "/", "wapi": f"/api/warbands/{bands[0]}/"}
    from django.core.cache import caches
    def cold():
        if os.environ.get('COLD'): caches['template_fragments'].clear()
    only = os.environ.get("ONLY", "")
    for label, url in pages.items():
        r = c.get(url); assert r.status_code == 200, (url, r.status_code)
        c.get(url)
        ts = []
        for _ in range(20):
            cold(); t = time.process_time(); c.get(url); ts.append(time.process_time() - t)
        print(label, round(statistics.median(ts)*1000, 2), "ms")
        if only and only in label:
            p = cProfile.Profile(time.process_time)
            for _ in range(20):
                cold(); p.enable(); c.get(url); p.disable()
            s = io.StringIO(); st = pstats.Stats(p, stream=s); st.sort_stats("cumulative").print_stats(70); st.sort_stats("tottime").print_stats(25)
            print(s.getvalue())
