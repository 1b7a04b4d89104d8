package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// pythonRunner configures the pulumi package's runtime from the arguments and the PULUMI_CONFIG
// environment, then runs the program (a file, or a directory with __main__.py) inside a stack.
const pythonRunner = `
import asyncio, json, os, runpy, sys, traceback
import pulumi, pulumi.runtime
monitor, engine, project, stack, parallel, dry_run, program = sys.argv[1:8]
pulumi.runtime.set_all_config(
    json.loads(os.environ.get("PULUMI_CONFIG") or "{}"),
    json.loads(os.environ.get("PULUMI_CONFIG_SECRET_KEYS") or "[]"))
pulumi.runtime.configure(pulumi.runtime.Settings(
    monitor=monitor, engine=engine, project=project, stack=stack,
    parallel=int(parallel), dry_run=dry_run == "true"))
sys.argv = [program] + sys.argv[8:]
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
ok = False
try:
    loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__")))
    ok = True
except pulumi.RunError as e:
    pulumi.log.error(str(e))
except Exception:
    pulumi.log.error(traceback.format_exc())
finally:
    loop.close()
sys.exit(0 if ok else 1)
`

// runPython runs a Python program with the runner above.
func (h *host) runPython(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir, _, python := programPaths(req)
	configEnv, err := configEnvironment(req)
	if err != nil {
		return nil, err
	}
	args := []string{"-u", "-c", pythonRunner, req.GetMonitorAddress(), h.engineAddress, req.GetProject(),
		req.GetStack(), strconv.Itoa(int(req.GetParallel())), strconv.FormatBool(req.GetDryRun()), programDir}
	cmd := exec.CommandContext(ctx, python, append(args, req.GetArgs()...)...)
	cmd.Dir = programDir
	cmd.Env = append(os.Environ(), configEnv...)
	return runProgram(cmd, 0)
}

// runGo builds a Go program and runs it with the PULUMI_* environment the Go SDK reads.
func (h *host) runGo(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir, rootDir, _ := programPaths(req)
	tmp, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	binary := filepath.Join(tmp, "program")
	// The flags of this project's cached Go builds, so that Go's build cache serves the SDK.
	build := exec.CommandContext(ctx, "go", "build", "-mod=mod", "-trimpath", "-o", binary, ".")
	build.Dir = programDir
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("go build failed: %v\n%s", err, out)}, nil
	}

	configEnv, err := configEnvironment(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, binary, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = append(append(os.Environ(), configEnv...),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engineAddress,
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	)
	return runProgram(cmd, 0)
}

// runProgram runs the program with the host's output streams; a failure is the run's error, and
// the exit code bailCode (when not 0) means the program has already reported it.
func runProgram(cmd *exec.Cmd, bailCode int) (*pulumirpc.RunResponse, error) {
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if bailCode != 0 && exitErr.ExitCode() == bailCode {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}
