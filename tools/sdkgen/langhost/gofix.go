package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
)

// goSDK is what the Go fixes need of one package a program uses.
type goSDK struct {
	importPath string          // the package's Go import path (language.go.importBasePath)
	module     string          // the module that holds it: the import path's parent
	version    string          // the module version, v<schema version>
	invokes    map[string]bool // Go names of its functions, which return (result, error)
}

// fixGoProject works around two bugs of the upstream Go project generator (pkg/v3 codegen/go) for
// packages such as ours (version 0.x, no language.go.modulePath):
//   - go.mod gets no `require` of the SDK's module, so nothing builds; it gets one for the module
//     that holds language.go.importBasePath, at the schema's version (the Go SDK's tag layout);
//   - a variable that reads a field of a plain invoke (YAML `fn::invoke` with `return`, PCL
//     `invoke(...).plans`) is written `plans := sender.GetPlans(ctx, ...).Plans`, although the
//     function returns a result and an error. The call moves to its own statement with the error
//     check, as the generator writes a whole invoke; an output that exports such a plain value
//     (`ctx.Export("firstPlan", plans[0].Name)`, a *string) is wrapped in pulumi.Any.
func fixGoProject(dir string, program *pcl.Program) error {
	pkgs, err := program.PackageSnapshots()
	if err != nil {
		return err
	}
	var sdks []goSDK
	for _, pkg := range pkgs {
		if pkg.Name == "pulumi" {
			continue
		}
		if sdk, ok, err := goSDKOf(pkg); err != nil {
			return err
		} else if ok {
			sdks = append(sdks, sdk)
		}
	}
	if len(sdks) == 0 {
		return nil
	}
	if err := requireGoSDKs(filepath.Join(dir, "go.mod"), sdks); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(file string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(file) != ".go" {
			return err
		}
		text, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		fixed, err := spillGoInvokes(text, sdks)
		if err != nil || fixed == nil {
			return err
		}
		return os.WriteFile(file, fixed, 0o600)
	})
}

// goSDKOf reads a package's Go settings; ok is false for a package with no importBasePath.
func goSDKOf(pkg *schema.Package) (goSDK, bool, error) {
	if err := pkg.ImportLanguages(map[string]schema.Language{goLang: gogen.Importer}); err != nil {
		return goSDK{}, false, err
	}
	info, _ := pkg.Language[goLang].(gogen.GoPackageInfo)
	if info.ImportBasePath == "" || info.ModulePath != "" || pkg.Version == nil {
		// The generator requires modulePath itself when the schema names one.
		return goSDK{}, false, nil
	}
	v := *pkg.Version
	v.Build = nil
	sdk := goSDK{
		importPath: info.ImportBasePath,
		module:     path.Dir(info.ImportBasePath),
		version:    "v" + v.String(),
		invokes:    map[string]bool{},
	}
	for _, fn := range pkg.Functions {
		member := fn.Token[strings.LastIndex(fn.Token, ":")+1:]
		// The generator names a function `getX` either GetX or, beside a resource X, LookupX.
		sdk.invokes[title(member)] = true
		if rest, ok := strings.CutPrefix(member, "get"); ok {
			sdk.invokes["Lookup"+rest] = true
		}
	}
	return sdk, true, nil
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// requireGoSDKs adds to go.mod a `require` of each SDK's module that it does not name yet.
func requireGoSDKs(goMod string, sdks []goSDK) error {
	text, err := os.ReadFile(goMod)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(goMod, text, nil)
	if err != nil {
		return err
	}
	changed := false
	for _, sdk := range sdks {
		has := false
		for _, r := range f.Require {
			has = has || r.Mod.Path == sdk.module
		}
		if !has {
			if err := f.AddRequire(sdk.module, sdk.version); err != nil {
				return err
			}
			changed = true
		}
	}
	if !changed {
		return nil
	}
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(goMod, out, 0o600)
}

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// spillGoInvokes rewrites one Go file (see fixGoProject); nil when nothing changes.
func spillGoInvokes(src []byte, sdks []goSDK) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "main.go", src, 0)
	if err != nil {
		return nil, err
	}
	// The names the file imports the SDKs under.
	invokes := map[string]map[string]bool{}
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		for _, sdk := range sdks {
			if p != sdk.importPath {
				continue
			}
			name := path.Base(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			invokes[name] = sdk.invokes
		}
	}
	if len(invokes) == 0 {
		return nil, nil
	}
	used := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
	var edits []edit
	ast.Inspect(file, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncLit)
		if !ok || !returnsOnlyError(fn.Type) {
			return true
		}
		plain := map[string]bool{}
		for _, stmt := range fn.Body.List {
			switch stmt := stmt.(type) {
			case *ast.AssignStmt:
				if len(stmt.Lhs) != 1 || len(stmt.Rhs) != 1 {
					continue
				}
				call, fnName := rootInvoke(stmt.Rhs[0], invokes)
				if call == nil {
					continue
				}
				tmp := "invoke" + fnName
				for i := 2; used[tmp]; i++ {
					tmp = fmt.Sprintf("invoke%s%d", fnName, i)
				}
				used[tmp] = true
				lhs := text(stmt.Lhs[0])
				if lhs != "_" {
					plain[lhs] = true
				}
				rest := string(src[off(call.End()):off(stmt.Rhs[0].End())])
				edits = append(edits, edit{off(stmt.Pos()), off(stmt.End()), fmt.Sprintf(
					"%s, err := %s\nif err != nil {\nreturn err\n}\n%s %s %s%s",
					tmp, text(call), lhs, stmt.Tok, tmp, rest)})
			case *ast.ExprStmt:
				call, ok := stmt.X.(*ast.CallExpr)
				if !ok || len(call.Args) != 2 || !isSelector(call.Fun, "ctx", "Export") {
					continue
				}
				if root, ok := rootIdent(call.Args[1]); ok && plain[root] {
					arg := call.Args[1]
					edits = append(edits, edit{off(arg.Pos()), off(arg.End()), "pulumi.Any(" + text(arg) + ")"})
				}
			}
		}
		return true
	})
	if len(edits) == 0 {
		return nil, nil
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := append([]byte(nil), src...)
	for _, e := range edits {
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return format.Source(out)
}

// returnsOnlyError says whether a function's only result is an error (`pulumi.Run`'s body).
func returnsOnlyError(t *ast.FuncType) bool {
	if t.Results == nil || len(t.Results.List) != 1 || len(t.Results.List[0].Names) > 1 {
		return false
	}
	id, ok := t.Results.List[0].Type.(*ast.Ident)
	return ok && id.Name == "error"
}

// rootInvoke finds, under the fields and indexes an expression reads, a call of an SDK function
// that returns (result, error); nil when there is none.
func rootInvoke(e ast.Expr, invokes map[string]map[string]bool) (*ast.CallExpr, string) {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return nil, ""
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok || !invokes[pkg.Name][sel.Sel.Name] {
				return nil, ""
			}
			if len(x.Args) == 0 || !isIdent(x.Args[0], "ctx") {
				return nil, ""
			}
			return x, sel.Sel.Name
		default:
			return nil, ""
		}
	}
}

// rootIdent is the variable under the fields and indexes an expression reads.
func rootIdent(e ast.Expr) (string, bool) {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			return x.Name, true
		default:
			return "", false
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func isSelector(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(s.X, x) && s.Sel.Name == sel
}
