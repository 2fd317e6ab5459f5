"""scripts/machine-load: the busy loops run while the command runs, pulse when told, and none outlives the
script, whether the command ends, the script is sent SIGTERM, or it is killed. From the root:
python3 -m unittest discover -s scripts/tests"""
import os
import signal
import subprocess
import sys
import time
import unittest
from waiting import wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "machine-load")


def loops_of(helper):
    """The (pid, state) of every live busy loop the machine-load of pid `helper` started, from /proc."""
    found = []
    tag = f"--spin\0{helper}\0".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                words = cmdline.read()
            with open(f"/proc/{entry}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag in words and state != "Z":
            found.append((int(entry), state))
    return found


class MachineLoadTest(unittest.TestCase):
    def start(self, *arguments):
        helper = subprocess.Popen([SCRIPT, *arguments], stdout=subprocess.DEVNULL)
        self.addCleanup(lambda: (helper.poll() is None and helper.kill(), helper.wait()))
        return helper

    def test_steady_runs_a_loop_per_core_while_the_command_runs_and_ends_them_with_it(self):
        helper = self.start("steady", "--", sys.executable, "-c", "import time; time.sleep(1)")
        wait_for(lambda: len(loops_of(helper.pid)) == os.cpu_count(), 10, "a busy loop per core")
        self.assertEqual(helper.wait(timeout=20), 0)
        self.assertEqual(loops_of(helper.pid), [])

    def test_the_commands_status_is_the_scripts(self):
        self.assertEqual(self.start("quiet", "--", "sh", "-c", "exit 3").wait(timeout=20), 3)
        self.assertEqual(self.start("steady", "--", "sh", "-c", "exit 1").wait(timeout=20), 1)

    def test_sigterm_ends_the_command_and_every_loop(self):
        helper = self.start("pulsed", "--", "sleep", "60")
        wait_for(lambda: len(loops_of(helper.pid)) == os.cpu_count(), 10, "a busy loop per core")
        helper.send_signal(signal.SIGTERM)
        self.assertEqual(helper.wait(timeout=20), 128 + signal.SIGTERM)
        self.assertEqual(loops_of(helper.pid), [])

    def test_no_loop_outlives_a_script_that_is_killed_even_while_stopped(self):
        helper = self.start("--pulse", "0.2", "pulsed", "--", "sleep", "3")
        wait_for(lambda: len(loops_of(helper.pid)) == os.cpu_count(), 10, "a busy loop per core")
        wait_for(lambda: all(state == "T" for _, state in loops_of(helper.pid)), 10, "the loops stopped by the pulse")
        helper.kill()
        helper.wait()
        wait_for(lambda: not loops_of(helper.pid), 10, "no loop left")

    def test_a_pulsed_load_stops_and_continues_its_loops(self):
        helper = self.start("--pulse", "0.3", "pulsed", "--", "sleep", "3")
        wait_for(lambda: len(loops_of(helper.pid)) == os.cpu_count(), 10, "a busy loop per core")
        wait_for(lambda: all(state == "T" for _, state in loops_of(helper.pid)), 10, "the loops stopped")
        wait_for(lambda: loops_of(helper.pid) and all(state == "R" for _, state in loops_of(helper.pid)), 10, "the loops running again")
        self.assertEqual(helper.wait(timeout=20), 0)

    def test_bad_arguments_are_refused(self):
        done = subprocess.run([SCRIPT, "busy", "--", "true"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("usage", done.stderr)

    def test_a_pulse_that_is_no_positive_number_is_refused_in_one_line(self):
        for pulse in ("-1", "0", "abc", "nan", "inf"):
            done = subprocess.run([SCRIPT, "--pulse", pulse, "pulsed", "--", "true"], capture_output=True, text=True)
            self.assertEqual(done.returncode, 2, pulse)
            self.assertEqual(done.stderr.count("\n"), 1, done.stderr)
            self.assertIn(f"--pulse needs a number of seconds above 0, not '{pulse}'", done.stderr)
            self.assertIn("usage: scripts/machine-load", done.stderr)


if __name__ == "__main__":
    unittest.main()
