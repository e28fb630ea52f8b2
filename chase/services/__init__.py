"""Every write of the canoe games goes through a service: a module per subject (sessions, odds,
pace, alerts, ratings, lab), imported by its name (`from chase.services import sessions`)."""
