package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	codegenrpc "github.com/pulumi/pulumi/sdk/v3/proto/go/codegen"
)

// bindProgram binds the PCL files of a directory against the engine's schema loader, as the
// upstream hosts do: leniently unless asked to be strict, and with output-versioned invokes for
// Node.js.
func (h *host) bindProgram(dir, loaderTarget string, strict bool) (*pcl.Program, []*codegenrpc.Diagnostic, error) {
	loader, err := schema.NewLoaderClient(loaderTarget)
	if err != nil {
		return nil, nil, err
	}
	defer loader.Close()
	var options []pcl.BindOption
	if h.lang == nodeLang {
		options = append(options, pcl.PreferOutputVersionedInvokes)
	}
	if !strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindDirectory(dir, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, nil, err
	}
	if diags.HasErrors() {
		program = nil
	}
	return program, plugin.HclDiagnosticsToRPCDiagnostics(diags), nil
}

// GenerateProject writes a whole project in the host's language (program, Pulumi.yaml and the
// language's manifest) from PCL, with the upstream generators: `pulumi convert` calls it.
func (h *host) GenerateProject(_ context.Context, req *pulumirpc.GenerateProjectRequest) (*pulumirpc.GenerateProjectResponse, error) {
	program, diags, err := h.bindProgram(req.GetSourceDirectory(), req.GetLoaderTarget(), req.GetStrict())
	if err != nil {
		return nil, err
	}
	if program == nil {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: diags}, nil
	}
	var project workspace.Project
	if err := json.Unmarshal([]byte(req.GetProject()), &project); err != nil {
		return nil, err
	}
	dir, local := req.GetTargetDirectory(), req.GetLocalDependencies()
	switch h.lang {
	case nodeLang:
		if err = nodejs.GenerateProject(dir, project, program, local, false, nodeLang); err == nil {
			err = fixNodeInvokes(dir, program)
		}
	case pythonLang:
		if err = python.GenerateProject(dir, project, program, local, "", ""); err == nil {
			err = fixPythonInvokes(dir)
		}
	default:
		if err = gogen.GenerateProject(dir, project, program, local); err == nil {
			err = fixGoProject(dir, program)
		}
	}
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: diags}, nil
}

// fixNodeInvokes works around a mismatch of the upstream Node.js generators: for a function with
// no inputs, the SDK's output form takes only the options (`getPlansOutput(opts?)`), but the
// program generator writes `getPlansOutput({}, { provider: account })`: `{}` is taken for the
// options, and the call silently goes to the default provider. The empty argument goes, for
// exactly those functions.
func fixNodeInvokes(dir string, program *pcl.Program) error {
	pkgs, err := program.PackageSnapshots()
	if err != nil {
		return err
	}
	var names []string
	for _, pkg := range pkgs {
		for _, fn := range pkg.Functions {
			if fn.Inputs == nil || len(fn.Inputs.Properties) == 0 {
				token := fn.Token
				names = append(names, regexp.QuoteMeta(token[strings.LastIndex(token, ":")+1:]))
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	emptyArgs := regexp.MustCompile(`\.(` + strings.Join(names, "|") + `)Output\(\{\}, \{`)
	return rewriteFiles(dir, ".ts", func(text []byte) []byte { return emptyArgs.ReplaceAll(text, []byte(".${1}Output({")) })
}

// fixPythonInvokes works around the upstream Python program generator (pkg/v3 codegen/python,
// `case pcl.Invoke`), which writes `get_plans(, opts=pulumi.InvokeOptions(...))`, a syntax error,
// for a function called with no arguments and with options (a YAML `fn::invoke` on an explicit
// provider): the stray comma goes.
func fixPythonInvokes(dir string) error {
	return rewriteFiles(dir, ".py", func(text []byte) []byte {
		return pythonEmptyArgs.ReplaceAll(text, []byte("(opts=pulumi.Invoke"))
	})
}

// rewriteFiles applies fix to the files under dir whose names end with ext.
func rewriteFiles(dir, ext string, fix func([]byte) []byte) error {
	return filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ext {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fixed := fix(text)
		if bytes.Equal(fixed, text) {
			return nil
		}
		return os.WriteFile(path, fixed, 0o600)
	})
}

var pythonEmptyArgs = regexp.MustCompile(`\(, opts=pulumi\.Invoke`)

// Link records SDKs that `pulumi package add` (or `convert`) generated inside the project in the
// language's manifest, without installing anything, and says how to import them:
//   - Node.js: a `file:` dependency in package.json (`npm pkg set`, which keeps the file's layout);
//   - Python: the SDK folder as a line of requirements.txt;
//   - Go: a `require` of the SDK's module and a `replace` to its folder in go.mod (`go mod edit`).
func (h *host) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	programDir := req.GetInfo().GetProgramDirectory()
	rootDir := req.GetInfo().GetRootDirectory()
	var imports []string
	for _, dep := range req.GetPackages() {
		pkg, err := linkedPackage(ctx, schema.NewCachedLoader(loader), dep.GetPackage())
		if err != nil {
			return nil, err
		}
		sdkDir := filepath.Join(rootDir, dep.GetPath())
		rel, err := filepath.Rel(programDir, sdkDir)
		if err != nil {
			return nil, err
		}
		var line string
		switch h.lang {
		case nodeLang:
			line, err = linkNode(ctx, pkg, programDir, rel)
		case pythonLang:
			line, err = linkPython(pkg, programDir, rel)
		default:
			line, err = linkGo(ctx, pkg, programDir, sdkDir, rel)
		}
		if err != nil {
			return nil, fmt.Errorf("linking %s: %w", pkg.Name, err)
		}
		imports = append(imports, "  "+line)
	}
	if len(imports) == 0 {
		return &pulumirpc.LinkResponse{}, nil
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "You can import the SDK in your code with:\n\n" + strings.Join(imports, "\n") + "\n",
	}, nil
}

// linkedPackage loads the schema of a package to link, with its language sections.
func linkedPackage(ctx context.Context, loader schema.ReferenceLoader, dep *pulumirpc.PackageDependency) (*schema.Package, error) {
	desc := &schema.PackageDescriptor{Name: dep.GetName(), DownloadURL: dep.GetServer()}
	if v, err := semver.ParseTolerant(dep.GetVersion()); err == nil {
		desc.Version = &v
	}
	if p := dep.GetParameterization(); p != nil {
		desc.Parameterization = &schema.ParameterizationDescriptor{Name: p.GetName(), Value: p.GetValue()}
		if v, err := semver.ParseTolerant(p.GetVersion()); err == nil {
			desc.Parameterization.Version = v
		}
	}
	ref, err := schema.LoadPackageReferenceV2(ctx, loader, desc)
	if err != nil {
		return nil, err
	}
	pkg, err := ref.Definition()
	if err != nil {
		return nil, err
	}
	err = pkg.ImportLanguages(map[string]schema.Language{
		nodeLang: nodejs.Importer, pythonLang: python.Importer, goLang: gogen.Importer,
	})
	return pkg, err
}

func linkNode(ctx context.Context, pkg *schema.Package, programDir, rel string) (string, error) {
	name := "@pulumi/" + pkg.Name
	if info, ok := pkg.Language[nodeLang].(nodejs.NodePackageInfo); ok && info.PackageName != "" {
		name = info.PackageName
	}
	cmd := exec.CommandContext(ctx, "npm", "pkg", "set", fmt.Sprintf("dependencies.%s=file:%s", name, filepath.ToSlash(rel)))
	cmd.Dir = programDir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm pkg set: %v: %s", err, out)
	}
	return fmt.Sprintf("import * as %s from %q;", pkg.Name, name), nil
}

func linkPython(pkg *schema.Package, programDir, rel string) (string, error) {
	module := "pulumi_" + pkg.Name
	if info, ok := pkg.Language[pythonLang].(python.PackageInfo); ok && info.PackageName != "" {
		module = info.PackageName
	}
	path := filepath.Join(programDir, "requirements.txt")
	text, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	entry := "./" + filepath.ToSlash(rel)
	lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
	has := false
	for _, l := range lines {
		has = has || strings.TrimSpace(l) == entry
	}
	if !has {
		if len(text) > 0 && !strings.HasSuffix(string(text), "\n") {
			text = append(text, '\n')
		}
		if err := os.WriteFile(path, append(text, []byte(entry+"\n")...), 0o644); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("import %s as %s", module, pkg.Name), nil
}

func linkGo(ctx context.Context, pkg *schema.Package, programDir, sdkDir, rel string) (string, error) {
	text, err := os.ReadFile(filepath.Join(sdkDir, "go.mod"))
	if err != nil {
		return "", err
	}
	module := ""
	for _, l := range strings.Split(string(text), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
			module = strings.TrimSpace(rest)
		}
	}
	if module == "" {
		return "", fmt.Errorf("%s/go.mod names no module", rel)
	}
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "edit",
		"-require", module+"@v0.0.0", "-replace", module+"="+filepath.ToSlash(rel))
	cmd.Dir = programDir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go mod edit: %v: %s", err, out)
	}
	importPath := module + "/" + pkg.Name
	if info, ok := pkg.Language[goLang].(gogen.GoPackageInfo); ok && info.ImportBasePath != "" {
		importPath = info.ImportBasePath
	}
	return fmt.Sprintf("import %q", importPath), nil
}
