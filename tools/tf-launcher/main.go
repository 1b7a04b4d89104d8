// Command terraform-provider-sender runs the provider bundle beside it on the Node.js runtime beside
// it (node\node.exe dist\plugin.js, the Pulumi plugin's own files), with the same arguments,
// environment and standard streams, and exits with its status. The entry point chooses the
// Terraform door by go-plugin's TF_PLUGIN_MAGIC_COOKIE, which the child inherits.
//
// Windows has no exec: the launcher stays the parent. It puts itself into a job object that kills
// its members when its last handle closes, so that when Terraform kills the launcher (go-plugin does
// after a Shutdown that went unanswered) the runtime goes with it instead of living on.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	self, err := os.Executable()
	if err != nil {
		fail("cannot find its own path: %v", err)
	}
	here := filepath.Dir(self)
	runtime := filepath.Join(here, "node", runtimeName)
	if _, err := os.Stat(runtime); err != nil {
		fail("the Node.js runtime %s is missing: unpack the whole archive, not the executable alone", runtime)
	}
	if err := killWithParent(); err != nil {
		fail("cannot tie the runtime to its own lifetime: %v", err)
	}
	cmd := exec.Command(runtime, append([]string{filepath.Join(here, "dist", "plugin.js")}, os.Args[1:]...)...)
	// The files themselves, not pipes: go-plugin reads the handshake line straight from the runtime.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			os.Exit(exit.ExitCode())
		}
		fail("cannot run %s: %v", runtime, err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "terraform-provider-sender: "+format+"\n", args...)
	os.Exit(1)
}
