;;; eglot_check.el --- Drive Emacs's eglot (Debian's elpa-eglot) against wikimap-query-server -*- lexical-binding: t -*-
;; Loads the configuration of docs/editors.md ($WIKIMAP_EMACS_CONFIG, written by run.js) and works as a
;; person does: opens the sample, types a query key by key through the command loop (eglot batches the
;; changes into its didChange notifications), completes with completion-at-point, picks a quick fix
;; from eglot-code-actions, opens a map query and a plain JSON file.  Writes what it saw as JSON to
;; $WIKIMAP_EMACS_OUT.
;; helpers.el loads the packages and the configuration ($WIKIMAP_EMACS_CONFIG) first.
(load (expand-file-name "helpers.el" (file-name-directory load-file-name)) nil t)

(defvar wikimap-result (list (cons 'errors nil)))
(defvar wikimap-did-change-batches nil)
(defun wikimap-put (key value) (setf (alist-get key wikimap-result) value))
(defun wikimap-error (msg) (wikimap-put 'errors (cons msg (alist-get 'errors wikimap-result))))

(defun wikimap-finish ()
  (wikimap-put 'didChangeBatches (vconcat (reverse wikimap-did-change-batches)))
  (with-temp-file (getenv "WIKIMAP_EMACS_OUT")
    (insert (json-encode wikimap-result)))
  (kill-emacs 0))

(defun wikimap-pos (line char)
  (goto-char (point-min))
  (forward-line line)
  (forward-char char))

(defun wikimap-diagnostics (&optional line)
  (vconcat (delq nil (mapcar (lambda (d)
                               (let ((l (1- (line-number-at-pos (flymake-diagnostic-beg d)))))
                                 (when (or (null line) (= l line))
                                   (list (cons 'line l)
                                         (cons 'column (save-excursion (goto-char (flymake-diagnostic-beg d)) (current-column)))
                                         (cons 'type (format "%s" (flymake-diagnostic-type d)))
                                         (cons 'text (flymake-diagnostic-text d))))))
                             (flymake-diagnostics)))))

(defun wikimap-find-file (file)
  "Open FILE as C-x C-f does, including the end of the command: the mode hook's eglot-ensure
connects from `post-command-hook', which batch mode does not run by itself."
  (find-file file)
  (run-hooks 'post-command-hook))

(defun wikimap-type (keys)
  "Type KEYS (a string; <BS> is backspace) through the command loop, one key at a time."
  (execute-kbd-macro (vconcat (replace-regexp-in-string "<BS>" "\177" keys)))
  (setq wikimap-idle-since (float-time) wikimap-idle-fired nil))

(defun wikimap-line-text ()
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

;; Record how eglot batches typing: the number of content changes in each didChange it sends.
(advice-add 'jsonrpc-notify :before
            (lambda (_conn method params)
              (when (eq method :textDocument/didChange)
                (push (length (plist-get params :contentChanges)) wikimap-did-change-batches))))

(defun wikimap-faces-and-comments ()
  "What wikiquery-mode makes of a comment line and of a # inside a value, as shown on screen."
  (with-temp-buffer
    (insert "  # a comment line\naction=query&titles=C#_(language)&prop=info\n")
    (wikiquery-mode)
    (font-lock-ensure)
    (let* ((comment-at (+ (point-min) 4))
           (value-hash (save-excursion (goto-char (point-min)) (search-forward "C#") (1- (point))))
           (after-hash (1+ value-hash)))
      (list (cons 'commentFace (format "%s" (get-text-property comment-at 'face)))
            (cons 'valueHashFace (format "%s" (get-text-property value-hash 'face)))
            (cons 'afterHashInComment (if (nth 4 (syntax-ppss after-hash)) t :json-false))
            (cons 'symbolAtHash (save-excursion (goto-char value-hash) (or (thing-at-point 'symbol t) "")))))))

(condition-case err
    (let (server wiki-buffer typed-line)
      (wikimap-put 'faces (wikimap-faces-and-comments))
      (wikimap-find-file (getenv "WIKIMAP_EMACS_FILE"))
      (setq wiki-buffer (current-buffer))
      (wikimap-put 'mode (format "%s" major-mode))
      (wikimap-put 'symbolAtSeparator
                   (save-excursion (wikimap-pos 2 (length "action=query&list=categorymembers&cmti"))
                                   (or (thing-at-point 'symbol t) "")))
      (wikimap-wait (lambda () (eglot-current-server)) 20 "eglot connects")
      (setq server (eglot-current-server))
      (wikimap-wait (lambda () (flymake-diagnostics)) 20 "diagnostics")
      (wikimap-put 'diagnostics (wikimap-diagnostics))
      (wikimap-pos (string-to-number (getenv "WIKIMAP_EMACS_COMPLETE_LINE")) (string-to-number (getenv "WIKIMAP_EMACS_COMPLETE_CHAR")))
      (let* ((resp (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
             (items (if (vectorp resp) resp (plist-get resp :items))))
        (wikimap-put 'completion (vconcat (mapcar (lambda (it) (plist-get it :label)) items))))
      (wikimap-pos (string-to-number (getenv "WIKIMAP_EMACS_HOVER_LINE")) (string-to-number (getenv "WIKIMAP_EMACS_HOVER_CHAR")))
      (let* ((resp (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
             (contents (plist-get resp :contents)))
        (wikimap-put 'hover (if (stringp contents) contents (or (plist-get contents :value) (format "%S" contents)))))

      ;; Type a new query at the end of the file, key by key.
      (goto-char (point-max))
      (wikimap-type (getenv "WIKIMAP_EMACS_TYPE_KEYS"))
      (setq typed-line (1- (line-number-at-pos)))
      (wikimap-put 'typedLine (wikimap-line-text))
      (wikimap-wait (lambda () (cl-some (lambda (d) (string-match-p "Unrecognized parameter" (flymake-diagnostic-text d)))
                                        (flymake-diagnostics (line-beginning-position) (line-end-position))))
                    20 "diagnostic on the typed line")
      (wikimap-put 'typedDiagnostics (wikimap-diagnostics typed-line))

      ;; The quick fix, picked by its title from eglot-code-actions' menu.
      (goto-char (line-beginning-position))
      (search-forward "aplimt")
      (backward-char 2)
      (let ((titles nil)
            (last-nonmenu-event ?\r)) ; invoked from the keyboard, so eglot asks with completing-read
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (setq titles (mapcar #'car collection))
                     (or (cl-find-if (lambda (title) (string-match-p "aplimit" title)) titles) ""))))
          (call-interactively #'eglot-code-actions))
        (wikimap-put 'codeActionTitles (vconcat titles)))
      (wikimap-put 'fixedLine (wikimap-line-text))
      (wikimap-wait (lambda () (not (flymake-diagnostics (line-beginning-position) (line-end-position)))) 20 "diagnostic gone after the fix")

      ;; Completion through completion-at-point (C-M-i).
      (goto-char (point-max))
      (wikimap-type "\raction=query&list=categorymembers&cmlimi")
      (let ((completion-auto-help nil))
        (completion-at-point))
      (wikimap-put 'completedLine (wikimap-line-text))

      ;; A map query in the same project, and a plain JSON file.
      (wikimap-find-file (getenv "WIKIMAP_EMACS_MAPFILE"))
      (wikimap-put 'mapMode (format "%s" major-mode))
      (wikimap-wait (lambda () (and (eglot-current-server) (flymake-diagnostics))) 20 "map diagnostics")
      (wikimap-put 'mapDiagnostics (wikimap-diagnostics))
      (wikimap-put 'mapSharesServer (if (eq (eglot-current-server) server) t :json-false))
      ;; The map quick fix from the diagnostic's line, point on the key "type", outside the diagnostic (the value).
      (wikimap-pos (string-to-number (getenv "WIKIMAP_EMACS_MAPFIX_LINE")) (string-to-number (getenv "WIKIMAP_EMACS_MAPFIX_CHAR")))
      (wikimap-put 'mapPointInDiagnostic (if (flymake-diagnostics (point)) t :json-false))
      (let ((titles nil)
            (last-nonmenu-event ?\r))
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (setq titles (mapcar #'car collection))
                     (or (cl-find-if (lambda (title) (string= (getenv "WIKIMAP_EMACS_MAPFIX_TITLE") title)) titles) ""))))
          (call-interactively #'eglot-code-actions))
        (wikimap-put 'mapCodeActionTitles (vconcat titles)))
      (wikimap-put 'mapFixedLine (wikimap-line-text))
      ;; A map field completed with completion-at-point: eglot declares no snippet support.
      (end-of-line)
      (wikimap-type (getenv "WIKIMAP_EMACS_MAPCOMPLETE_KEYS"))
      (let* ((resp (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
             (items (if (vectorp resp) resp (plist-get resp :items))))
        (wikimap-put 'mapCompletionFormats
                     (vconcat (mapcar (lambda (it)
                                        (list (cons 'label (plist-get it :label))
                                              (cons 'format (or (plist-get it :insertTextFormat) 1))
                                              (cons 'text (or (plist-get (plist-get it :textEdit) :newText) (plist-get it :insertText) (plist-get it :label)))))
                                      items))))
      (let ((completion-auto-help nil))
        (completion-at-point))
      (wikimap-put 'mapCompletedLine (wikimap-line-text))
      (wikimap-find-file (getenv "WIKIMAP_EMACS_JSONFILE"))
      (wikimap-put 'jsonMode (format "%s" major-mode))
      (wikimap-put 'jsonManaged (if (eglot-current-server) t :json-false))
      ;; A query of another project (its own .git): eglot starts a second server there.
      (wikimap-find-file (getenv "WIKIMAP_EMACS_OTHERFILE"))
      (wikimap-wait (lambda () (eglot-current-server)) 20 "eglot connects in the other project")
      (wikimap-put 'otherHasOwnServer (if (and (eglot-current-server) (not (eq (eglot-current-server) server))) t :json-false))
      (wikimap-put 'otherProjectRoot (expand-file-name (project-root (eglot--project (eglot-current-server)))))
      (with-current-buffer wiki-buffer
        (wikimap-put 'wikiText (buffer-substring-no-properties (point-min) (point-max)))))
  (error (wikimap-error (format "%S" err))))
(wikimap-finish)
