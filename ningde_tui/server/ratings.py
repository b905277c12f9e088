"""Ratings (interfaces.md §7): openskill's Plackett–Luce model over a session's final scores.

Every seat of a finished session is rated: a person under their name, a bot under its level
(``bot:hard``). One session is one match of four "teams" of one, ranked by their final scores
(equal scores tie). An identity that sat in more than one seat of the session (two ``normal``
bots, say) is rated in each seat from the same prior, and its new rating is the mean of those
seats' (mu and sigma each): it moves as far as its seats did on average, and is never counted
twice for one session.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from .lobby import Rating

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3


def default() -> Rating:
    """A player nobody has rated yet: mu 25, sigma 25/3, shown 0."""
    return Rating(MU, SIGMA)


@lru_cache(maxsize=1)
def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(
    identities: Sequence[str], priors: dict[str, Rating], scores: Sequence[int]
) -> dict[str, Rating]:
    """The new rating of each identity in ``identities`` (one per seat, in seat order) after a
    session that ended with ``scores`` (higher is better); ``priors``: the ratings they had
    (missing: the default). Fewer than two seats: nobody's rating changes."""
    if len(identities) != len(scores):
        raise ValueError("one score for each seat")
    if len(identities) < 2:
        return {name: priors.get(name, default()) for name in identities}
    model = _model()
    teams = []
    for name in identities:
        prior = priors.get(name, default())
        teams.append([model.rating(mu=prior.mu, sigma=prior.sigma)])
    rated = model.rate(teams, scores=[float(s) for s in scores])
    seats: dict[str, list[Rating]] = {}
    for name, team in zip(identities, rated, strict=True):
        seats.setdefault(name, []).append(Rating(float(team[0].mu), float(team[0].sigma)))
    return {
        name: Rating(sum(r.mu for r in got) / len(got), sum(r.sigma for r in got) / len(got))
        for name, got in seats.items()
    }
