import ShopPluginAPI

/// `news image N` / `news image --all`: loads title images through the session's image loader.
///
/// Prints format, pixel size, byte size and where the bytes came from (memory, disk, network
/// or the built-in images) with the load's time, and shows the picture inline on terminals
/// that speak the kitty or iTerm2 image protocol. `--all` loads the images of every loaded
/// news at once; loads of one URL share one download.
struct NewsImageCommand: Command {
    let spec = CommandSpec(
        path: ["news", "image"], abstract: "Load a news picture: format, size, cache hit or miss",
        discussion: """
            Images go through a memory cache (bounded in bytes), a disk cache under the state folder, \
            and one download shared by every load of the same URL. On a kitty or iTerm2 terminal the \
            picture is shown inline. A news without a picture gets a placeholder line.
            """,
        arguments: [Self.number], options: [Self.all],
        examples: [Example("news image 1"), Example("news image 1; news image 1", "the second is a memory hit")],
        fields: NewsImageView.fieldNames.names)

    static let number = NewsContext.number(Int?.self)
    static let all = Flag("--all", "load the pictures of every loaded news at once")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let all = invocation[Self.all]
        guard let number = try invocation[Self.number], !all else {
            guard all else { throw NewsCommandError.noImageChosen }
            return try await loadAll(context)
        }
        let feed = try await context.loadedFeed()
        let item = try context.item(number, in: feed)
        guard let url = item.titleImageUrl else {
            invocation.console.message("news \(number) has no picture: \(item.title)")
            return nil
        }
        invocation.console.flush()
        let line = try await Self.load(url, number: number, with: try loader(context, feed: feed))
        showInline(line.image, invocation)
        return CommandResult(
            NewsImageView.value(line),
            view: NewsImageView(lines: [line], showsTime: context.invocation.environment.isInteractive))
    }

    /// The loader for pictures of `feed`'s source (replayed ones for an archive).
    private func loader(_ context: NewsContext, feed: NewsFeedState) throws(NewsError) -> ImageLoader {
        try context.session.images(for: context.settings(of: feed), environment: context.invocation.environment)
    }

    /// Loads every loaded news' picture concurrently; failures are warnings unless all fail.
    private func loadAll(_ context: NewsContext) async throws -> CommandResult? {
        let feed = try await context.loadedFeed()
        let wanted = feed.items.enumerated().compactMap { index, item in
            item.titleImageUrl.map { (number: index + 1, url: $0) }
        }
        let console = context.invocation.console
        if wanted.count < feed.items.count {
            console.message("\(feed.items.count - wanted.count) of \(feed.items.count) news have no picture")
        }
        guard !wanted.isEmpty else { return nil }
        console.flush()
        let loader = try loader(context, feed: feed)
        let outcomes = await withTaskGroup(of: (Int, Result<NewsImageView.Line, NewsError>).self) { group in
            for (index, entry) in wanted.enumerated() {
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    do throws(NewsError) {
                        return (index, .success(try await Self.load(entry.url, number: entry.number, with: loader)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes = [Result<NewsImageView.Line, NewsError>?](repeating: nil, count: wanted.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.compactMap { $0 }
        }
        try Task.checkCancellation()
        var lines: [NewsImageView.Line] = []
        var failures: [String] = []
        for (entry, outcome) in zip(wanted, outcomes) {
            switch outcome {
            case .success(let line): lines.append(line)
            case .failure(let error): failures.append("news \(entry.number): \(error.description)")
            }
        }
        guard !lines.isEmpty else {
            throw NewsCommandError.allImagesFailed(count: failures.count, first: failures.first ?? "")
        }
        for failure in failures { console.warning(failure) }
        return CommandResult(
            .list(lines.map(NewsImageView.value)),
            view: NewsImageView(lines: lines, showsTime: context.invocation.environment.isInteractive))
    }

    /// Loads one picture and times the load.
    private static func load(_ url: String, number: Int, with loader: ImageLoader) async throws(NewsError)
        -> NewsImageView.Line
    {
        let clock = ContinuousClock()
        let started = clock.now
        let image = try await loader.load(url)
        let elapsed = clock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        return NewsImageView.Line(number: number, image: image, milliseconds: milliseconds)
    }

    /// Draws the picture at the cursor when the session has a terminal that can show it.
    private func showInline(_ image: LoadedImage, _ invocation: Invocation) {
        guard let terminal = invocation.console.terminal else { return }
        let graphics = InlineImageProtocol.detect(environment: invocation.environment.variables)
        let columns = min(40, max(8, terminal.size.columns / 2))
        guard let graphics,
            let sequence = graphics.encode(image.data, format: image.header.format, widthInCells: columns)
        else { return }
        invocation.console.flush()
        terminal.write(sequence + "\n")
    }
}
