using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Adds the namespaces a fix needs, only when they are not already in scope.</summary>
internal static class ImportHelper
{
    /// <summary>
    /// Adds <c>using <paramref name="namespaceName"/>;</c> in sorted position, unless <paramref name="probeTypeName"/>
    /// already binds at <paramref name="position"/> (a using in the file, a global using, or an enclosing namespace).
    /// </summary>
    public static void EnsureUsing(DocumentEditor editor, SemanticModel semanticModel, int position, string namespaceName, string probeTypeName)
    {
        var inScope = semanticModel.LookupNamespacesAndTypes(position, name: probeTypeName)
            .Any(symbol => symbol.ContainingNamespace?.ToDisplayString() == namespaceName);
        if (inScope || editor.OriginalRoot is not CompilationUnitSyntax)
        {
            return;
        }

        editor.ReplaceNode(editor.OriginalRoot, (current, _) => AddUsing((CompilationUnitSyntax)current, namespaceName));
    }

    private static CompilationUnitSyntax AddUsing(CompilationUnitSyntax compilationUnit, string namespaceName)
    {
        var usings = compilationUnit.Usings;
        if (usings.Any(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == namespaceName))
        {
            return compilationUnit;
        }

        var directive = SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(namespaceName))
            .WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed);
        if (usings.Count == 0)
        {
            return compilationUnit.WithUsings(usings.Add(directive));
        }

        // Before the first plain using that sorts after it; static and alias usings stay last.
        var index = 0;
        while (index < usings.Count &&
               usings[index].Alias is null && usings[index].StaticKeyword.IsKind(SyntaxKind.None) &&
               string.Compare(usings[index].Name?.ToString(), namespaceName, StringComparison.Ordinal) < 0)
        {
            index++;
        }

        var lineEnding = usings[0].GetTrailingTrivia().LastOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        directive = directive.WithTrailingTrivia(lineEnding.IsKind(SyntaxKind.EndOfLineTrivia) ? lineEnding : SyntaxFactory.ElasticCarriageReturnLineFeed);
        if (index == 0)
        {
            // The first using carries the file's leading trivia (comments, #nullable): keep it first.
            var first = usings[0];
            directive = directive.WithLeadingTrivia(first.GetLeadingTrivia());
            usings = usings.Replace(first, first.WithLeadingTrivia());
        }

        return compilationUnit.WithUsings(usings.Insert(index, directive));
    }
}
