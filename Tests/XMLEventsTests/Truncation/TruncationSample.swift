import Foundation

/// A realistic document of about 3 KB with every kind of construct a cut can fall into: the XML
/// declaration, a document type declaration with an internal subset (entities, an attribute
/// default), namespaces, attributes with entity and character references, comments, CDATA
/// sections, processing instructions, and text in two-, three- and four-byte UTF-8.
enum TruncationSample {
    static let document: String = {
        var text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE catalog [
              <!ENTITY publisher "Éditions Nørd &amp; Söhne">
              <!ENTITY copy "&#169;">
              <!ATTLIST book format CDATA "paperback">
              <!-- the subset ends here -->
            ]>
            <!-- A catalogue of books in several languages. -->
            <?stylesheet href="catalog.css" type="text/css"?>
            <catalog xmlns="urn:example:catalog" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:x='urn:example:extra' version="2.1">

            """
        let books: [(String, String, String, String)] = [
            ("Les Misérables", "Victor Hugo", "fr", "Jean Valjean & l'évêque"),
            ("吾輩は猫である", "夏目漱石", "ja", "名前はまだ無い。"),
            ("Война и мир", "Лев Толстой", "ru", "Ну, князь, Генуя и Лукка"),
            ("Emoji Tales 📚", "Ana Ñúñez", "es", "Una historia 🐈 con gatos"),
            ("Faust", "Johann Wolfgang von Goethe", "de", "Habe nun, ach! Philosophie"),
            ("Ο Ηρακλής", "Ελένη Παπαδοπούλου", "el", "Ἐν ἀρχῇ ἦν ὁ λόγος"),
            ("Don Quijote", "Miguel de Cervantes", "es", "En un lugar de la Mancha, de cuyo nombre…"),
        ]
        for (index, (title, author, language, quote)) in books.enumerated() {
            text += """
                  <?render mode="row" index="\(index)"?>
                  <book id="b\(index)" dc:language="\(language)" x:note="&publisher; &#x2014; &copy; 19\(90 + index)">
                    <dc:title>\(title)</dc:title>
                    <dc:creator x:role='author'>\(author)</dc:creator>
                    <price currency="EUR">1\(index).50 &amp; up &#8364;</price>
                    <quote><![CDATA[<p>\(quote)</p> & more]]></quote>
                    <!-- reviewed by ö\(index) — ✓ -->
                    <x:extra/>
                  </book>

                """
        }
        text += "</catalog>\n"
        return text
    }()
}
