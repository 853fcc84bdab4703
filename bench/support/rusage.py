# Runs a command and writes "<user+system CPU ms>" of it and the children it waited for to the
# file named by RUSAGE_OUT: /usr/bin/time prints CPU in hundredths of a second, too coarse for a
# node -e 0 of 20 ms. Usage: RUSAGE_OUT=file python3 bench/support/rusage.py cmd [args...]
import os
import sys

pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(os.environ["RUSAGE_OUT"], "w") as out:
    out.write(f"{(usage.ru_utime + usage.ru_stime) * 1000:.3f}\n")
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
