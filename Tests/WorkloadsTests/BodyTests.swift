import Observation
import Testing
@testable import Workloads

@Observable
private final class Counter {
    var tracked = 0
    var untracked = 0
}

struct BodyTests {
    @Test func bodyRerunsOncePerChangeItReadAndNotForOthers() {
        let counter = Counter()
        var seen = 0
        let body = Body("counter") { seen = counter.tracked }
        #expect(body.runs == 1 && body.reruns == 0)

        counter.untracked += 1
        #expect(!body.isDirty, "a value the body did not read must not dirty it")
        #expect(!body.renderIfDirty())

        counter.tracked = 5
        counter.tracked = 6
        #expect(body.isDirty)
        #expect(body.renderIfDirty())
        #expect(body.reruns == 1, "two writes before one render pass re-run the body once")
        #expect(seen == 6)
        #expect(!body.renderIfDirty(), "a clean body does not re-run")

        counter.tracked = 7
        #expect(body.isDirty, "re-running the body re-arms its tracking")
    }
}
