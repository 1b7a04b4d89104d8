package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPlugin runs a Node.js policy pack, which is how the engine (since 3.221, pulumi/pulumi#21684)
// starts `pulumi preview --policy-pack <folder>` when the pack's runtime has a language host: no
// more `pulumi-analyzer-policy` shim. As the upstream host does for kind "analyzer", it runs the
// pack's own `@pulumi/pulumi/cmd/run-policy-pack` with the engine's arguments and the pack's folder
// last, in that folder, and streams its output back; the engine reads the pack's port from it.
// Other plugin kinds and languages are not served.
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if h.lang != nodeLang || req.GetKind() != string(apitype.AnalyzerPlugin) {
		return fmt.Errorf("pulumi-language-%s of pulumi-sender runs Node.js policy packs only, not a %q plugin",
			h.lang, req.GetKind())
	}
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return errors.New("could not find node on the PATH")
	}
	packDir := req.GetInfo().GetProgramDirectory()
	out, err := exec.CommandContext(server.Context(), nodeBin, "-p",
		"require.resolve('@pulumi/pulumi/cmd/run-policy-pack', {paths: [process.argv[1]]})", packDir).Output()
	if err != nil {
		return fmt.Errorf("could not find @pulumi/pulumi from the policy pack %s: run npm install there first", packDir)
	}
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	args := []string{strings.TrimSpace(string(out))}
	if v, ok := req.GetInfo().GetOptions().GetFields()["nodeargs"]; ok && v.GetStringValue() != "" {
		args = append(strings.Fields(v.GetStringValue()), args...)
	}
	args = append(append(args, req.GetArgs()...), packDir)
	cmd := exec.CommandContext(server.Context(), nodeBin, args...)
	// Node.js packs have always run in their own folder: @pulumi/policy reads its package.json there.
	cmd.Dir = packDir
	cmd.Env = append(os.Environ(), req.GetEnv()...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("policy pack %s exited with code %d", packDir, exit.ExitCode())
		}
		return fmt.Errorf("could not run the policy pack %s: %w", packDir, err)
	}
	return closer.Close()
}
