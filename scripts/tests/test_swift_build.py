"""scripts/swift-build: `swift build` that leaves nothing in the temporary directory, which the toolchain's
own build does (empty TemporaryDirectory.* directories, on Linux, even when nothing is rebuilt), and
exits as the build did. Builds the bench scripts/test built, with its flags, so nothing is rebuilt.
From the root: python3 -m unittest discover -s scripts/tests"""
import os
import shutil
import subprocess
import tempfile
import unittest

from built_bench import ROOT, require_bench

SCRIPT = os.path.join(ROOT, "scripts", "swift-build")
# scripts/test's build, so that this one finds everything built.
FLAGS = ["-c", "release", "--scratch-path", os.path.join(ROOT, ".build", "tests"), "-Xswiftc", "-enable-testing", "--product", "bench"]


class SwiftBuildTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_bench()

    def setUp(self):
        self.tmpdir = tempfile.mkdtemp(prefix="swift-build-test.")

    def tearDown(self):
        shutil.rmtree(self.tmpdir, ignore_errors=True)

    def build(self, *arguments):
        return subprocess.run([SCRIPT, *arguments], cwd=ROOT, env=dict(os.environ, TMPDIR=self.tmpdir),
                              capture_output=True, text=True, timeout=900)

    def test_a_build_leaves_nothing_in_the_temporary_directory(self):
        done = self.build(*FLAGS)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(os.listdir(self.tmpdir), [])

    def test_a_build_that_fails_exits_as_swift_build_did_and_leaves_nothing(self):
        done = self.build("--no-such-option")
        expected = subprocess.run(["swift", "build", "--no-such-option"], cwd=ROOT, capture_output=True).returncode
        self.assertNotEqual(expected, 0)
        self.assertEqual(done.returncode, expected, done.stderr)
        self.assertEqual(os.listdir(self.tmpdir), [])


if __name__ == "__main__":
    unittest.main()
