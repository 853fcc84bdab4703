# Runs a command and writes "<user+system CPU ms>" of it and the children it waited for to the
# file named by RUSAGE_OUT: /usr/bin/time prints CPU in hundredths of a second, too coarse for a
# node -e 0 of 20 ms. Usage: RUSAGE_OUT=file python3 bench/support/rusage.py cmd [args...]
# With RUSAGE_WALL_OUT=file it also writes the command's wall time (ms) there: measured from the
# fork, without python's own start-up.
import os
import sys
import time

start = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
if "RUSAGE_WALL_OUT" in os.environ:
    with open(os.environ["RUSAGE_WALL_OUT"], "w") as out:
        out.write(f"{(time.monotonic() - start) * 1000:.3f}\n")
with open(os.environ["RUSAGE_OUT"], "w") as out:
    out.write(f"{(usage.ru_utime + usage.ru_stime) * 1000:.3f}\n")
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
