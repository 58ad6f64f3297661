using IoPerf.EvidenceBench.Data;

// Usage: WcTool <file>...  - prints lines, words and bytes per file (and a total for several), like `wc -lwc`.
if (args.Length == 0)
{
    Console.Error.WriteLine("usage: WcTool <file>...");
    return 2;
}

var counts = args.Select(WordCount.OpenHandleDecoderSearchValues).ToList();
Console.Out.Write(WcFormat.Format(args, counts));
return 0;
