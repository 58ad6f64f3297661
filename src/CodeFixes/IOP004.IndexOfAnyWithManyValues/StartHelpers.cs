using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// The <c>IndexOfAnyFrom(text, start[, count], values)</c> helpers the start-index rewrites call: one name per type
/// (an existing helper of the same shape is reused, as after an earlier fix), each overload created once.
/// </summary>
internal sealed class StartHelpers
{
    private const string BaseName = "IndexOfAnyFrom";

    private readonly RewriteContext _context;
    private readonly CancellationToken _cancellationToken;

    // Keyed by the type's name, so that two parts of one partial type share one helper.
    private readonly Dictionary<string, string> _names = new();
    private readonly HashSet<(string Type, bool WithCount)> _present = new();

    public StartHelpers(RewriteContext context, CancellationToken cancellationToken)
    {
        _context = context;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The helpers to add, per type declaration (or per file root, for top-level statements).</summary>
    public Dictionary<SyntaxNode, List<MemberDeclarationSyntax>> Created { get; } = new();

    public string NameFor(CallPlan plan, bool withCount)
    {
        var declaration = plan.InvocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
        var type = declaration is null ? null : _context.Model.GetDeclaredSymbol(declaration, _cancellationToken);
        var host = (SyntaxNode?)declaration ?? _context.Root;
        var key = type?.ToDisplayString() ?? "<top-level>";
        var existing = Existing(type, host);
        if (!_names.TryGetValue(key, out var name))
        {
            // An earlier fix's helper of either shape names both overloads.
            name = existing.FirstOrDefault(m => IsHelper(m, withCount))?.Identifier.ValueText ??
                   existing.FirstOrDefault(m => IsHelper(m, !withCount))?.Identifier.ValueText ??
                   FreeName(plan, declaration);
            _names[key] = name;
        }

        if (_present.Add((key, withCount)) && !existing.Any(m => m.Identifier.ValueText == name && IsHelper(m, withCount)))
        {
            if (!Created.TryGetValue(host, out var list))
            {
                Created[host] = list = new List<MemberDeclarationSyntax>();
            }

            list.Add(Create(name, withCount));
        }

        return name;
    }

    /// <summary>The methods of the type in every part, or of the file's partial Program for top-level statements.</summary>
    private List<MethodDeclarationSyntax> Existing(INamedTypeSymbol? type, SyntaxNode host) => type is not null
        ? type.DeclaringSyntaxReferences.Select(r => r.GetSyntax(_cancellationToken)).OfType<TypeDeclarationSyntax>().SelectMany(t => t.Members.OfType<MethodDeclarationSyntax>()).ToList()
        : host.ChildNodes().OfType<ClassDeclarationSyntax>().Where(c => c.Identifier.ValueText == "Program").SelectMany(c => c.Members.OfType<MethodDeclarationSyntax>()).ToList();

    /// <summary>A helper this fix wrote: its name, its parameters and, word for word, its body.</summary>
    private bool IsHelper(MethodDeclarationSyntax method, bool withCount) =>
        Regex.IsMatch(method.Identifier.ValueText, "^" + BaseName + "[0-9]*$") &&
        method.Modifiers.Any(SyntaxKind.StaticKeyword) &&
        method.ParameterList.Parameters.Select(p => p.Type?.ToString().Replace("System.Buffers.", string.Empty)).SequenceEqual(
            withCount ? new[] { "string", "int", "int", "SearchValues<char>" } : new[] { "string", "int", "SearchValues<char>" }) &&
        method.Body is { } body &&
        body.NormalizeWhitespace().ToFullString() == ((MethodDeclarationSyntax)Create(method.Identifier.ValueText, withCount)).Body!.NormalizeWhitespace().ToFullString();

    /// <summary>A name nothing in the type or at the call already uses (a member, a base member, a local, a parameter).</summary>
    private string FreeName(CallPlan plan, TypeDeclarationSyntax? declaration)
    {
        var taken = declaration is null ? new HashSet<string>() : _context.CollectTakenNames(declaration, declaration, _cancellationToken);
        var name = BaseName;
        for (var suffix = 1; taken.Contains(name) || !_context.Model.LookupSymbols(plan.InvocationSyntax.SpanStart, name: name).IsEmpty; suffix++)
        {
            name = BaseName + suffix;
        }

        return name;
    }

    /// <summary>The helper's text: the search of the slice from <c>start</c>, and the start added back to what it finds.</summary>
    private MemberDeclarationSyntax Create(string name, bool withCount)
    {
        var newLine = _context.LineEnding.ToFullString();
        var text =
            $"private static int {name}(string text, int start, {(withCount ? "int count, " : "")}{_context.SearchValuesType}<char> values){newLine}" +
            $"{{{newLine}" +
            $"    var index = text.AsSpan({(withCount ? "start, count" : "start")}).IndexOfAny(values);{newLine}" +
            $"    return index < 0 ? -1 : index + start;{newLine}" +
            $"}}{newLine}";
        return _context.OnlyUnderSplit(ParseMemberDeclaration(text)!
            .WithLeadingTrivia(_context.LineEnding)
            .WithAdditionalAnnotations(Formatter.Annotation));
    }
}
