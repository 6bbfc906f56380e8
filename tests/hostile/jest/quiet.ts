// @ts-nocheck
// Every attack that leaves the test process running, together in one submission: each tries
// its way to a better score, and tells the log what it could do.
import './rewrite-report';
import './patch-writes';
import './proc-fd';
import './snoop-secrets';
import './patch-expect';
import './rewrite-tests';
