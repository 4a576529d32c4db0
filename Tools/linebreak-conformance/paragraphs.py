"""Random mixed paragraphs for the line-breaking comparison with Chromium.

Each paragraph mixes the material whose line breaking readers notice: Latin words with
punctuation, quotes and hyphens, numbers with signs and units, brackets with and without inner
spaces, URLs and paths, Chinese ideographs with their punctuation, and Japanese kana (small
kana, the prolonged sound mark, iteration marks). Spaces are single and never lead or trail, so
that CSS's white-space collapsing leaves the text as it is and offsets agree.

The generator is seeded: the same seed gives the same paragraphs on every machine.
"""

import random

WORDS = (
    "the quick brown fox jumps over lazy dog line break text layout reader expects window "
    "label button scroll view frame width height font glyph cluster paragraph Trellis UIKit "
    "Chromium browser render measure wrap space bracket quote number table cell grid column "
    "a I an to of in on it is as at by we be or if so no up go do"
).split()

LONG_WORDS = ("internationalization", "responsibilities", "characteristically",
              "implementation", "straightforward")

CJK = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自之着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切"

CJK_PUNCTUATION = "，。、！？：；"
CJK_OPEN = "「『（【"
CJK_CLOSE = "」』）】"

HIRAGANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだでどばびぶべぼぱぴぷぺぽ"
KATAKANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンガギグゲゴザジズゼゾダデドバビブベボパピプペポ"
SMALL_KANA = "ゃゅょっぁぃぅぇぉャュョッァィゥェォ"
KANA_MARKS = "ーゝゞヽヾ々"

URLS = (
    "https://example.com/a/b",
    "https://www.example.org/docs/index.html",
    "http://test.net/path?q=1&x=2",
    "example.com/a/b/c",
    "https://github.com/apple/swift",
    "ftp://files.example.com/pub",
    "/usr/share/fonts/truetype",
    "user@example.com",
    "https://example.com/search?query=line-break",
    "www.example.com",
)

NUMBERS = ("3.14", "$25", "100%", "10:30", "2024-05-01", "-5", "+42", "1,000", "#7",
           "12kg", "v2.0", "(555)", "$1,299.99", "50/50", "3-4", "A-1")

PUNCTUATION_AFTER = (",", ".", ";", ":", "!", "?", "…", "—", "...")


def latin_word(rng):
    word = rng.choice(WORDS) if rng.random() < 0.92 else rng.choice(LONG_WORDS)
    roll = rng.random()
    if roll < 0.08:
        word = word.capitalize()
    elif roll < 0.12:
        word = word + "-" + rng.choice(WORDS)
    elif roll < 0.14:
        word = word + "/" + rng.choice(WORDS)
    roll = rng.random()
    if roll < 0.18:
        word = word + rng.choice(PUNCTUATION_AFTER)
    elif roll < 0.23:
        word = rng.choice(('"%s"', "“%s”", "'%s'", "‘%s’", "«%s»")) % word
    return word


def bracketed(rng, inner):
    opening, closing = rng.choice((("(", ")"), ("[", "]"), ("{", "}")))
    if rng.random() < 0.5:
        return "%s %s %s" % (opening, inner, closing)
    return opening + inner + closing


def cjk_run(rng):
    length = rng.randint(2, 14)
    characters = []
    for _ in range(length):
        roll = rng.random()
        if roll < 0.45:
            characters.append(rng.choice(CJK))
        elif roll < 0.65:
            characters.append(rng.choice(HIRAGANA))
        elif roll < 0.78:
            characters.append(rng.choice(KATAKANA))
        elif roll < 0.86:
            characters.append(rng.choice(SMALL_KANA))
        elif roll < 0.90:
            characters.append(rng.choice(KANA_MARKS))
        else:
            characters.append(rng.choice(CJK_PUNCTUATION))
    text = "".join(characters)
    if rng.random() < 0.2:
        index = rng.randrange(len(CJK_OPEN))
        text = CJK_OPEN[index] + text + CJK_CLOSE[index]
    if rng.random() < 0.3:
        text += rng.choice(CJK_PUNCTUATION)
    return text


def token(rng):
    roll = rng.random()
    if roll < 0.52:
        return latin_word(rng), True
    if roll < 0.70:
        return cjk_run(rng), rng.random() < 0.4
    if roll < 0.77:
        return rng.choice(URLS), True
    if roll < 0.85:
        return rng.choice(NUMBERS), True
    if roll < 0.93:
        inner = " ".join(latin_word(rng) for _ in range(rng.randint(1, 3)))
        return bracketed(rng, inner), True
    if roll < 0.96:
        return rng.choice(("-", "–", "—", "&", "/", "|", "·", "•", "=", "+")), True
    return bracketed(rng, cjk_run(rng)), rng.random() < 0.5


def paragraph(rng):
    count = rng.randint(6, 28)
    parts = []
    for index in range(count):
        text, spaced = token(rng)
        if index > 0 and (spaced or parts[-1][1]):
            parts.append((" ", True))
        parts.append((text, spaced))
    return "".join(text for text, _ in parts)


def make(count, seed):
    """`count` paragraphs with a font size and a width each."""
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        size = rng.choice((13, 14, 15, 16, 17, 20))
        width = rng.randint(8, 36) * size
        result.append({"text": paragraph(rng), "fontSize": size, "width": width})
    return result
