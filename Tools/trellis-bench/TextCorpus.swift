/// The mixed-script corpus of the text benchmarks, generated deterministically.
enum TextCorpus {
    /// Sample sentences by script: English, Chinese, Japanese, Korean, emoji, combining marks
    /// (decomposed Vietnamese and French), Arabic and Hebrew.
    static let sentences: [String] = [
        "The quick brown fox jumps over the lazy dog, twice (and once more).",
        "Controls report user interactions through the target-action mechanism.",
        "A label sizes itself from its text: 12.5% of 1,024 points is 128.",
        "UIControl派生自UIView类，是作为响应用户交互而传递特定操作或意图的可视控件的基类。",
        "控件使用目标操作机制向应用程序报告用户交互。",
        "「ボタン」は、ユーザーの操作に応じてアクションを送信します。ウィキペディアより。",
        "日本語のテキストは、句読点の前で改行しません。",
        "한국어 텍스트도 단어 사이에서 줄을 바꿉니다.",
        "Family 👨‍👩‍👧‍👦, flags 🇯🇵🇫🇷🇩🇪, thumbs 👍🏽👍🏿 and hearts ❤️‍🔥 ✨🎉",
        "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t co\u{0301} da\u{0302}\u{0301}u; cafe\u{0301} na\u{0303}o?",
        "مرحبا بالعالم، هذا نص عربي قصير.",
        "שלום עולם, זה טקסט בעברית.",
        "Mixed 中文 and English with emoji 🎈 in the middle of 一句话.",
    ]

    /// Sentences for the bidi benchmark: Latin, Arabic and Hebrew mixed within sentences, with
    /// European, Arabic-Indic and Persian digits, brackets, quotes and punctuation.
    static let bidiSentences: [String] = [
        "The meeting is at 10:30 (room 4B), then lunch with \"שלום\" at 12.",
        "مرحبا بالعالم، الساعة 10:30 (الغرفة ٤) الآن.",
        "שלום עולם, הפגישה ב-10:30 [חדר 4] היום.",
        "السعر 1,234.56 دولار (تقريبا) لكل 3 قطع.",
        "The word مرحبا means (hello) and שלום means [peace].",
        "קוד ABC-123 נשלח אל user@example.com בתאריך 2024-05-01.",
        "Numbers: 1234, ١٢٣٤, ۱۲۳۴ and (a [b] c) — 50% off!",
        "قال \"Hello world\" ثم غادر في 5 مساءً (تقريبا).",
        "הוא כתב: (abc) ו-[123] ואז {אבג}.",
    ]

    /// Paragraphs of four to twelve sentences picked by a fixed linear congruential generator,
    /// until the corpus reaches `byteCount` UTF-8 bytes.
    static func paragraphs(byteCount: Int, from pool: [String] = sentences) -> [String] {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var result: [String] = []
        var total = 0
        while total < byteCount {
            var paragraph: [String] = []
            for _ in 0..<(4 + next(9)) { paragraph.append(pool[next(pool.count)]) }
            let text = paragraph.joined(separator: " ")
            total += text.utf8.count + 1
            result.append(text)
        }
        return result
    }

    /// The paragraphs joined with line feeds, as UTF-8 bytes.
    static func bytes(byteCount: Int, from pool: [String] = sentences) -> [UInt8] {
        Array(paragraphs(byteCount: byteCount, from: pool).joined(separator: "\n").utf8)
    }
}
