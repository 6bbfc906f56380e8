"""`python -m pytest_revylbench.service.worker REDIS_URL [--name N] [--burst]`: one grading worker.

An RQ `SimpleWorker` (the job runs in this process, so stopping the worker's process tree
stops its grade) on the grade queue. Any machine that can reach the Redis and holds the
rollouts folder at the same path can run one.
"""

from __future__ import annotations

import argparse

from redis import Redis
from rq import Queue, SimpleWorker

from pytest_revylbench.service.queue import QUEUE_NAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pytest_revylbench.service.worker")
    parser.add_argument("redis_url")
    parser.add_argument("--queue", default=QUEUE_NAME)
    parser.add_argument("--name", help="the worker's name (default: RQ's)")
    parser.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    args = parser.parse_args(argv)
    connection = Redis.from_url(args.redis_url)
    worker = SimpleWorker([Queue(args.queue, connection=connection)], connection=connection,
                          name=args.name)
    worker.work(burst=args.burst, with_scheduler=False, logging_level="WARNING")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
