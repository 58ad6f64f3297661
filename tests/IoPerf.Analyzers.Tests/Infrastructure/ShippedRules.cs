using Xunit;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>Theory data: the id of every rule in the registry, so each shipped rule gets its own test case.</summary>
public static class ShippedRules
{
    public static TheoryData<string> Ids()
    {
        var data = new TheoryData<string>();
        foreach (var descriptor in Rules.All)
        {
            data.Add(descriptor.Id);
        }

        return data;
    }
}
