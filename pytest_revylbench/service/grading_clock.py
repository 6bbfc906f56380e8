"""The time a rollout's grades have run so far: what `run-agent` does not count against the
agent's time limit, as the rollout's score does not count it in the agent's time
(`scoring.rollout.agent_seconds`: wall time minus the time while at least one grade ran)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.outputs.ledger import LedgerError, read_ledger
from pytest_revylbench.records.ledger import parse_time
from pytest_revylbench.scoring.rollout import union_seconds
from pytest_revylbench.service.jobs import pending_jobs


@dataclass
class GradingClock:
    """Seconds since `began` while at least one of the rollout's grades ran: the graded ones'
    spans (submission to verdict, from its ledger) and the acknowledged ones still pending
    (submission to now). Both are the grading service's files, outside the agent's sandbox."""

    rollout: Path
    began: dt.datetime
    last: float = 0.0
    """The last reading: kept when the ledger cannot be read at the moment (a line being
    appended), so the pause never shrinks."""

    def __call__(self) -> float:
        now = dt.datetime.now(dt.UTC)
        try:
            spans = [(parse_time(r.submitted_at), parse_time(r.verdict_at))
                     for r in read_ledger(self.rollout).records]
            spans += [(parse_time(j.submitted_at), now) for j in pending_jobs(self.rollout)]
        except (LedgerError, OSError, ValueError):
            return self.last
        self.last = max(self.last, union_seconds(spans, self.began, now))
        return self.last
