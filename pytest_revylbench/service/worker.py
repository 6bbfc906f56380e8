"""`python -m pytest_revylbench.service.worker [--name N] [--burst]`: one grading worker.

The queue's Redis URL (with its password) comes from `$REVYLBENCH_REDIS_URL`, never from the
command line, where any process could read it.

An RQ `SimpleWorker` (the job runs in this process, so stopping the worker's process tree
stops its grade) on the grade queue. Any machine that can reach the Redis and holds the
rollouts folder at the same path can run one.
"""

from __future__ import annotations

import argparse
import os

from redis import Redis
from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer

from pytest_revylbench.service.queue import QUEUE_NAME, REDIS_URL_VAR


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_revylbench.service.worker")
    parser.add_argument("--queue", default=QUEUE_NAME)
    parser.add_argument("--name", help="the worker's name (default: RQ's)")
    parser.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    args = parser.parse_args(argv)
    url = os.environ.get(REDIS_URL_VAR)
    if not url:
        parser.error(f"${REDIS_URL_VAR} is not set: the worker's queue is on that Redis")
    connection = Redis.from_url(url)
    worker = SimpleWorker([Queue(args.queue, connection=connection, serializer=JSONSerializer)],
                          connection=connection, name=args.name, serializer=JSONSerializer)
    worker.work(burst=args.burst, with_scheduler=False, logging_level="WARNING")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
