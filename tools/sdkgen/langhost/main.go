// Command langhost is a minimal Pulumi language host for Node.js, Go and Python programs, installed
// under the names pulumi-language-nodejs, pulumi-language-go and pulumi-language-python (it serves
// the language its name says).
//
// The upstream hosts (modules github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3,
// .../sdk/go/pulumi-language-go/v3 and .../sdk/python/cmd/pulumi-language-python/v3) are not served
// by the Go module proxy reachable here. This one does what `preview`, `up`, `refresh`, `destroy`,
// `import`, `convert`, `package gen-sdk` and `package add` need:
//   - Node.js: the program runs through its own `@pulumi/pulumi`'s `cmd/run` entry point, as the
//     upstream host does; the dynamic-provider shim ships inside `@pulumi/pulumi`;
//   - Go: `go build` in the program's directory, then the binary with the PULUMI_* environment the
//     Go SDK reads (github.com/pulumi/pulumi/sdk/v3/go/pulumi/run.go);
//   - Python: the interpreter of the project's `virtualenv` option (else python3 on PATH) runs a
//     short runner that configures the `pulumi` package's runtime and runs the program in a stack;
//   - code: programs (`GenerateProgram`, for `pulumi import`), projects (`GenerateProject`, for
//     `pulumi convert`) and SDKs (`GeneratePackage`) come from the upstream generators of
//     github.com/pulumi/pulumi/pkg/v3; `Link` records a generated SDK in the project's manifest
//     (`pulumi package add`, `convert`).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The languages this host serves, as in its installed names.
const (
	nodeLang   = "nodejs"
	goLang     = "go"
	pythonLang = "python"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
	lang          string
}

func main() {
	// The engine passes its address as the last positional argument; flags vary across engine versions.
	name := filepath.Base(os.Args[0])
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.String("tracing", "", "ignored")
	fs.String("root", "", "ignored")
	fs.String("binary", "", "ignored")
	fs.String("buildTarget", "", "ignored")
	_ = fs.Parse(os.Args[1:])
	h := &host{lang: goLang}
	for _, lang := range []string{nodeLang, pythonLang} {
		if strings.Contains(name, lang) {
			h.lang = lang
		}
	}
	if fs.NArg() > 0 {
		h.engineAddress = fs.Arg(fs.NArg() - 1)
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "fatal: could not start language host RPC server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "fatal: language host RPC stopped serving: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: "3.259.0"}, nil
}

// GetRequiredPlugins reports none: dynamic providers need no plugin, and the engine finds the
// sender plugin when a program registers a resource (installed, or on PATH).
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

// GetRequiredPackages reports none, for the same reason.
func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

// InstallDependencies does nothing: dependencies are the project's own business (npm ci, pip).
func (h *host) InstallDependencies(*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse]) error {
	return nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	tool := map[string][2]string{
		nodeLang:   {"node", "--version"},
		goLang:     {"go", "version"},
		pythonLang: {"python3", "--version"},
	}[h.lang]
	bin, err := exec.LookPath(tool[0])
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(bin, tool[1]).Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{Executable: bin, Version: strings.TrimSpace(string(out))}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	switch h.lang {
	case nodeLang:
		return h.runNode(ctx, req)
	case pythonLang:
		return h.runPython(ctx, req)
	default:
		return h.runGo(ctx, req)
	}
}

// GenerateProgram writes a program in the host's language from PCL, as the upstream hosts do:
// bind the files against the engine's schema loader (leniently unless asked to be strict, since
// `pulumi import` may leave parents and providers unbound), then run the program generator.
func (h *host) GenerateProgram(_ context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	dir, err := os.MkdirTemp("", "pulumi-generate-program-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for name, text := range req.GetSource() {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), []byte(text), 0o600); err != nil {
			return nil, err
		}
	}
	program, rpcDiags, err := h.bindProgram(dir, req.GetLoaderTarget(), req.GetStrict())
	if err != nil {
		return nil, err
	}
	if program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	generate := map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
		nodeLang:   nodejs.GenerateProgram,
		goLang:     gogen.GenerateProgram,
		pythonLang: python.GenerateProgram,
	}[h.lang]
	files, genDiags, err := generate(program)
	if err != nil {
		return nil, err
	}
	rpcDiags = append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(genDiags)...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: rpcDiags}, nil
}

// GeneratePackage writes the SDK in the host's language for a package schema into the directory
// asked for, with the upstream generator, as the upstream hosts do (`pulumi package gen-sdk`).
func (h *host) GeneratePackage(_ context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
	}
	tool := "pulumi-language-" + h.lang
	var files map[string][]byte
	switch h.lang {
	case nodeLang:
		files, err = nodejs.GeneratePackage(tool, pkg, req.GetExtraFiles(), req.GetLocalDependencies(), req.GetLocal(), loader)
	case pythonLang:
		files, err = python.GeneratePackage(tool, pkg, req.GetExtraFiles(), loader)
	default:
		files, err = gogen.GeneratePackage(tool, pkg, req.GetLocalDependencies())
	}
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		path := filepath.Join(req.GetDirectory(), name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
}

// configEnvironment is the stack's configuration as every language SDK reads it from the environment.
// A stack with no config at all comes as a nil map and list, which JSON writes as `null`: written as
// `{}` and `[]` instead, since the SDKs read these variables as an object and a list (Python's
// set_all_config calls .items() on it).
func configEnvironment(req *pulumirpc.RunRequest) ([]string, error) {
	configMap := req.GetConfig()
	if configMap == nil {
		configMap = map[string]string{}
	}
	keys := req.GetConfigSecretKeys()
	if keys == nil {
		keys = []string{}
	}
	config, err := json.Marshal(configMap)
	if err != nil {
		return nil, err
	}
	secretKeys, err := json.Marshal(keys)
	if err != nil {
		return nil, err
	}
	return []string{"PULUMI_CONFIG=" + string(config), "PULUMI_CONFIG_SECRET_KEYS=" + string(secretKeys)}, nil
}

// programPaths gives the program's directory, the project's root, and the Python interpreter of
// the project's `virtualenv` option (else python3 on PATH).
func programPaths(req *pulumirpc.RunRequest) (programDir, rootDir, python string) {
	programDir, python = req.GetPwd(), "python3"
	if info := req.GetInfo(); info != nil {
		programDir = info.GetProgramDirectory()
		rootDir = info.GetRootDirectory()
		if venv := info.GetOptions().GetFields()["virtualenv"].GetStringValue(); venv != "" {
			if !filepath.IsAbs(venv) {
				venv = filepath.Join(rootDir, venv)
			}
			python = filepath.Join(venv, "bin", "python")
		}
	}
	return programDir, rootDir, python
}
