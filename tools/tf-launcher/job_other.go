//go:build !windows

package main

// Elsewhere the archives run a sh launcher that execs the runtime; this build is for its tests.
const runtimeName = "bin/node"

func killWithParent() error { return nil }
