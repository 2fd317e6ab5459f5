import CJemalloc

// The measuring harness is not built yet (issue 4); until then this entry point proves the build links
// jemalloc and says so plainly, rather than printing figures that were never measured.
var version: UnsafePointer<CChar>? = nil
var size = MemoryLayout<UnsafePointer<CChar>?>.size
let status = mallctl("version", &version, &size, nil, 0)
let allocator = status == 0 && version != nil ? "jemalloc " + String(cString: version!) : "jemalloc unavailable (mallctl: \(status))"
print("bench: the bench is not built yet (issue 4); the runtime and workloads build, allocator: \(allocator)")
exit(2)
