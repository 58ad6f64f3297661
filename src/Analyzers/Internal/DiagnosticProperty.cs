using System;
using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// One fact an analyzer hands its code fix through <see cref="Diagnostic.Properties"/>, typed on both sides: the
/// analyzer writes it with <see cref="With"/>, the fix reads it with <see cref="Get"/>. A missing or unreadable value
/// reads as <see cref="Default"/>, the same on every path, so an old or hand-made diagnostic can never make a fix do
/// more than its analyzer allowed.
/// </summary>
internal sealed class DiagnosticProperty<T>
{
    private readonly Func<T, string> _format;
    private readonly Func<string, (bool Parsed, T Value)> _parse;

    internal DiagnosticProperty(string name, T defaultValue, Func<T, string> format, Func<string, (bool Parsed, T Value)> parse)
    {
        Name = name;
        Default = defaultValue;
        _format = format;
        _parse = parse;
    }

    public string Name { get; }

    public T Default { get; }

    public ImmutableDictionary<string, string?> With(ImmutableDictionary<string, string?> properties, T value) =>
        properties.SetItem(Name, _format(value));

    public T Get(Diagnostic diagnostic) =>
        diagnostic.Properties.TryGetValue(Name, out var text) && text is not null && _parse(text) is (true, var value)
            ? value
            : Default;
}

/// <summary>The kinds of <see cref="DiagnosticProperty{T}"/> the rules use, each with its one default.</summary>
internal static class DiagnosticProperty
{
    /// <summary>A yes/no fact; missing means no (a fix is only offered when its analyzer said yes).</summary>
    public static DiagnosticProperty<bool> Flag(string name) =>
        new(name, false, value => value ? "true" : "false", text => text switch
        {
            "true" => (true, true),
            "false" => (true, false),
            _ => (false, false),
        });

    /// <summary>A whole number; missing means none.</summary>
    public static DiagnosticProperty<long?> Number(string name) =>
        new(
            name,
            null,
            value => value?.ToString(CultureInfo.InvariantCulture) ?? string.Empty,
            text => long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var number) ? (true, number) : (false, null));

    /// <summary>One member of <typeparamref name="TEnum"/> by name; missing means none.</summary>
    public static DiagnosticProperty<TEnum?> Choice<TEnum>(string name)
        where TEnum : struct, Enum =>
        new(
            name,
            null,
            value => value?.ToString() ?? string.Empty,
            text => Enum.TryParse<TEnum>(text, ignoreCase: false, out var member) && Enum.IsDefined(typeof(TEnum), member) ? (true, member) : (false, null));
}
